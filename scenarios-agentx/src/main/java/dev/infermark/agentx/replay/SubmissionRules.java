package dev.infermark.agentx.replay;

import java.time.Duration;

import dev.infermark.api.Metric;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * The runtime part of the AgentX submission verdict (spec §1.4, §1.6): context-overflow rate,
 * cancellation and profiling-metric coverage. Static reasons ({@code unsafe_override}) come from
 * the lock check before the run.
 */
public final class SubmissionRules {
  public static final String CONTEXT_OVERFLOW_RATE_EXCEEDED = "context_overflow_rate_exceeded";
  public static final String INSUFFICIENT_COVERAGE = "insufficient_profile_metric_coverage";
  /** The scenario minimum below which the coverage gate is not applied (spec §1.6). */
  public static final Duration COVERAGE_MIN_WINDOW = Duration.ofSeconds(900);

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
   * The runtime rules over a run's records, assembled in one place for one host
   * ({@link AgenticReplayGenerator}) and for a sharded run merged from its shards' records.
   *
   * @param overflows recorded context overflows plus skipped ones
   * @param skipped the overflows skipped before sending (AIPerf's skip path)
   * @param coverage {@code null} when not checked: a cancelled run, an unknown phase start, or a
   *     profiling window shorter than {@link #COVERAGE_MIN_WINDOW}
   */
  public record Assessment(long overflows, long skipped, boolean overflowExceeded, boolean cancelled, Coverage coverage) {
    /**
     * The rules over what {@code meter} saw.
     *
     * @param phaseStartNs the profiling phase's start on the records' clock; negative when unknown
     */
    public static Assessment of(ProfileMeter meter, long skipped, boolean cancelled, long phaseStartNs, Settings settings) {
      long overflows = skipped + meter.recordedOverflowCount();
      boolean exceeded = overflowRateExceeded(overflows, meter.requestCount(), meter.errorCount(), skipped,
          settings.get(ReplayKeys.CONTEXT_OVERFLOW_RATE_LIMIT));
      Duration window = settings.get(Keys.BENCHMARK_DURATION);
      Coverage coverage = null;
      if (!cancelled && phaseStartNs >= 0 && window.compareTo(COVERAGE_MIN_WINDOW) >= 0) {
        coverage = Coverage.of(meter.ttftEndNs(), meter.itlEndNs(), phaseStartNs, window.toNanos() / 1e9,
            settings.get(ReplayKeys.PROFILE_METRIC_COVERAGE_RATIO));
      }
      return new Assessment(overflows, skipped, exceeded, cancelled, coverage);
    }

    /** Adds the reasons to {@code verdict} ({@link SubmissionRules#apply}). */
    public void apply(SubmissionVerdict verdict) {
      SubmissionRules.apply(verdict, overflowExceeded, cancelled, coverage);
    }

    /** {@code context_overflow_count} and {@code skipped_context_overflow_count}, into the export's extras. */
    public void exportCounts(ObjectNode extras) {
      extras.set(Metric.CONTEXT_OVERFLOW_COUNT.tag(),
          Json.MAPPER.valueToTree(new ReplayExport.Count(Metric.CONTEXT_OVERFLOW_COUNT.unit(), overflows)));
      extras.set(ReplayMetrics.SKIPPED_CONTEXT_OVERFLOW_COUNT.tag(),
          Json.MAPPER.valueToTree(new ReplayExport.Count(ReplayMetrics.SKIPPED_CONTEXT_OVERFLOW_COUNT.unit(), skipped)));
    }

    /** {@code metric_duration_coverage}, into the export's metadata, when coverage was checked. */
    public void exportCoverage(ObjectNode metadata) {
      if (coverage != null) {
        metadata.set("metric_duration_coverage", Json.MAPPER.valueToTree(ReplayExport.Coverage.of(coverage)));
      }
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
