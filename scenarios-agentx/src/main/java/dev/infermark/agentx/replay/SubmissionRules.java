package dev.infermark.agentx.replay;

import dev.infermark.lock.SubmissionVerdict;

/**
 * The runtime part of the AgentX submission verdict (spec §1.4, §1.6): context-overflow rate,
 * cancellation and profiling-metric coverage. Static reasons ({@code unsafe_override}) come from
 * the lock check before the run.
 */
public final class SubmissionRules {
  public static final String CONTEXT_OVERFLOW_RATE_EXCEEDED = "context_overflow_rate_exceeded";
  public static final String INSUFFICIENT_COVERAGE = "insufficient_profile_metric_coverage";

  private SubmissionRules() {}

  /**
   * Whether the overflow rate breaks the limit (strictly greater). The denominator is
   * {@code request_count + error_request_count + skipped_context_overflow_count}: recorded
   * overflows are already inside the error count, skipped ones are not.
   *
   * @param overflows recorded overflow errors plus skipped overflows
   */
  public static boolean overflowRateExceeded(long overflows, long requestCount, long errorCount, long skippedOverflows,
      double limit) {
    long total = requestCount + errorCount + skippedOverflows;
    double rate = total > 0 ? (double) overflows / total : 0;
    return rate > limit;
  }

  /** Adds the runtime reasons, in the spec's order; a reason is added at most once. */
  public static void apply(SubmissionVerdict verdict, boolean overflowExceeded, boolean cancelled,
      Coverage coverage) {
    if (overflowExceeded) {
      verdict.add(CONTEXT_OVERFLOW_RATE_EXCEEDED);
    }
    if (cancelled) {
      verdict.add(SubmissionVerdict.RUN_CANCELLED);
    }
    if (coverage != null && !coverage.pass()) {
      verdict.add(INSUFFICIENT_COVERAGE);
    }
  }

  /**
   * How much of the profiling window the latency metrics cover (spec §1.6).
   *
   * @param expectedSeconds the configured profiling duration
   * @param requiredRatio the ratio to reach (0.95)
   * @param ttftRatio {@code (max(start + ttft) - phase start) / expected}, 0 when no TTFT was measured
   * @param itlRatio {@code (max(end of records with an ITL) - phase start) / expected}, 0 when none
   */
  public record Coverage(double expectedSeconds, double requiredRatio, double ttftRatio, double itlRatio) {
    public boolean pass() {
      return Math.max(ttftRatio, itlRatio) >= requiredRatio;
    }

    /**
     * Coverage from the latest instants measured ({@link ProfileMeter}); {@code Long.MIN_VALUE}
     * means none was measured.
     */
    public static Coverage of(long ttftEndNs, long itlEndNs, long phaseStartNs, double expectedSeconds,
        double requiredRatio) {
      double expectedNs = expectedSeconds * 1e9;
      double ttft = ttftEndNs == Long.MIN_VALUE ? 0 : (ttftEndNs - phaseStartNs) / expectedNs;
      double itl = itlEndNs == Long.MIN_VALUE ? 0 : (itlEndNs - phaseStartNs) / expectedNs;
      return new Coverage(expectedSeconds, requiredRatio, ttft, itl);
    }
  }
}
