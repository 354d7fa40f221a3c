package dev.infermark.traces.weka;

import java.util.List;

/**
 * A sub-agent entry: a marker at its spawn instant holding the sub-agent's own requests.
 *
 * @param t spawn instant, seconds on the parent timeline
 * @param durationMs recorded duration, null for {@code async_launched} entries
 * @param requests the inner requests, with absolute times (spec §2.1: inner times recorded
 *     relative to the spawn are converted by the parser)
 * @param relativeTimes whether the recording had spawn-relative inner times that were converted
 */
public record WekaSubagent(
    double t,
    String agentId,
    String subagentType,
    Double durationMs,
    Long totalTokens,
    Integer toolUseCount,
    String status,
    List<WekaRequest> requests,
    List<String> models,
    int toolTokens,
    int systemTokens,
    boolean relativeTimes) implements WekaEntry {
  public WekaSubagent {
    requests = List.copyOf(requests);
    models = List.copyOf(models);
  }
}
