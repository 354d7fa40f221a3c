package dev.infermark.traces.topology;

import java.util.List;

/**
 * One recorded request of a stream.
 *
 * @param timestampMs recorded {@code t*1000}, absolute on the trace timeline
 * @param delayMs end-to-start delay before this turn (0 for turn 0)
 * @param maxTokens recorded {@code out} (capped per spec §2.5)
 * @param inputTokens recorded {@code in}
 * @param spawnBranchIds branches whose children start when this turn completes
 * @param joinBranchId if non-null, this turn may not be sent before every child of that branch
 *     finished; when several branches join at this turn it names the first, and
 *     {@link SessionTree#joinsAt} lists them all
 * @param sourceOuterIndex index of the trace's top-level request this turn came from
 * @param sourceInnerIndex index inside a subagent's requests, or -1 for a top-level request
 */
public record ReplayTurn(
    int index,
    double timestampMs,
    double delayMs,
    int maxTokens,
    String model,
    int inputTokens,
    List<String> spawnBranchIds,
    String joinBranchId,
    int sourceOuterIndex,
    int sourceInnerIndex) {
  public ReplayTurn {
    spawnBranchIds = List.copyOf(spawnBranchIds);
  }
}
