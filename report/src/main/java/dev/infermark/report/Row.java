package dev.infermark.report;

/**
 * One request of {@code profile_export.jsonl}, reduced to what the report draws. Numbers that were
 * not recorded are {@code NaN} (never 0); ids that were not recorded are {@code null}.
 *
 * @param warmup tagged {@code benchmark_phase: "warmup"}: kept out of every statistic
 * @param startNs wall-clock request start (epoch ns), or {@link Long#MIN_VALUE} when absent
 * @param endNs wall-clock request end (epoch ns), or {@link Long#MIN_VALUE} when absent
 * @param failed the record carries an error
 * @param errorKind the error's kind (or type, or code), {@code null} without an error
 * @param cancelled the record says {@code was_cancelled}
 * @param cutOff the run cut it off at its own boundary (error type {@code CutOff}: a grace period ran out)
 * @param lane the scheduler lane, -1 when absent
 * @param depth the sub-agent depth (0 for a root stream)
 * @param tree the session tree (root correlation id)
 * @param stream the stream (correlation id, else conversation id)
 * @param parent the spawning stream of a sub-agent, {@code null} for a root
 * @param group a methodology's grouping of requests (AgentPerf: the phase number), {@code null} when none
 * @param groupLabel how the group is shown ({@code 8 agents})
 * @param lagMs {@code schedule_lag}: how long after its intended instant it left
 * @param effectiveTtftMs {@code effective_time_to_first_token}: TTFT from the intended instant
 * @param effectiveLatencyMs {@code effective_latency}: end-to-end latency from the intended instant
 */
record Row(boolean warmup, long startNs, long endNs, double ttftMs, double itlMs, double latencyMs, double outputSpeed,
    double outputTokens, double inputTokens, double cachedTokens, boolean failed, String errorKind, boolean cancelled,
    boolean cutOff, int lane, int depth, String tree, String stream, String parent, String group, String groupLabel,
    double lagMs, double effectiveTtftMs, double effectiveLatencyMs) {

  static final long ABSENT = Long.MIN_VALUE;

  boolean timed() {
    return startNs != ABSENT && endNs != ABSENT && endNs >= startNs;
  }

  /** A successful profiling request: the population of every statistic. */
  boolean measured() {
    return !warmup && !failed;
  }
}
