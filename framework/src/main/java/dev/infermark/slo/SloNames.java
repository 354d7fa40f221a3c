package dev.infermark.slo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.infermark.metrics.MetricDefs;

/**
 * The names an {@code @Slo} may use, checked in one place before anything runs: the statistics
 * ({@code avg}, {@code min}, {@code max}, {@code std}, {@code count}, {@code p1} … {@code p99},
 * {@code value}) and the metrics infermark's own generators report, each with its unit, whether
 * it is a distribution (needs a statistic) or a single value, and whether it is reported for the
 * whole run, per SLO tier, or both.
 *
 * <p>A metric this vocabulary does not know may be the scenario's own result (its load generator
 * reports it); only a name one or two edits from a known one is taken for a typo.
 */
public final class SloNames {
  /** One metric a generator of ours reports. */
  public record Known(String name, String unit, boolean distribution, boolean perRun, boolean perTier) {}

  /** The statistics, as {@code RunResult} keys them. */
  public static final Set<String> STATS = Set.of("value", "avg", "min", "max", "std", "count", "p1", "p5", "p10", "p25",
      "p50", "p75", "p90", "p95", "p99");
  private static final Pattern PERCENTILE = Pattern.compile("p(?:[1-9][0-9]?)(?:\\.[0-9]+)?");
  private static final Set<String> TIME_UNITS = Set.of("s", "sec", "seconds", "ms", "us", "ns");
  /** The AIPerf tags reported as one value per run (the rest are distributions); a test keeps it in step with PhaseMetrics. */
  static final Set<String> AIPERF_SCALARS = Set.of(MetricDefs.REQUEST_THROUGHPUT, MetricDefs.OUTPUT_TOKEN_THROUGHPUT,
      MetricDefs.GOODPUT, MetricDefs.REQUEST_COUNT, MetricDefs.ERROR_REQUEST_COUNT, MetricDefs.COMPLETED_REQUEST_COUNT,
      MetricDefs.GOOD_REQUEST_COUNT, MetricDefs.GOOD_REQUEST_FRACTION, MetricDefs.CONTEXT_OVERFLOW_COUNT, MetricDefs.BENCHMARK_DURATION,
      MetricDefs.TOTAL_OUTPUT_TOKENS, MetricDefs.TOTAL_OSL, MetricDefs.TOTAL_ISL, MetricDefs.TOTAL_REASONING_TOKENS);
  private static final Map<String, Known> KNOWN = new LinkedHashMap<>();

  /** AA-AgentPerf's name of the decode speed AIPerf calls output_token_throughput_per_user ({@code @SloTier}'s). */
  public static final String OUTPUT_SPEED = "output_speed";
  /** AA-AgentPerf's name of the end-to-end output speed AIPerf calls e2e_output_token_throughput. */
  public static final String E2E_SPEED = "e2e_speed";

  /**
   * Two names of one measure: AA-AgentPerf reports per tier what AIPerf's tags name per run. An SLO on either name
   * reads the value the run reports under the other when it has none under its own.
   */
  private static final Map<String, String> SAME_MEASURE = Map.of(OUTPUT_SPEED, MetricDefs.OUTPUT_TPS_PER_USER,
      MetricDefs.OUTPUT_TPS_PER_USER, OUTPUT_SPEED, E2E_SPEED, MetricDefs.E2E_OUTPUT_SPEED,
      MetricDefs.E2E_OUTPUT_SPEED, E2E_SPEED);

  static {
    // AIPerf's per-request distributions and run scalars (framework, every run)
    for (String tag : MetricDefs.tags()) {
      boolean dist = !AIPERF_SCALARS.contains(tag);
      // AgentPerf reports these per tier as well (at each tier's capacity; the speeds under its own names)
      boolean tier = tag.equals(MetricDefs.TTFT) || tag.equals(MetricDefs.OUTPUT_TOKEN_THROUGHPUT)
          || SAME_MEASURE.containsKey(tag);
      known(tag, MetricDefs.get(tag).unit(), dist, true, tier);
    }
    // the client's self-check (framework)
    known("client_scheduler_lag_p50", "ms", false, true, false);
    known("client_scheduler_lag_p99", "ms", false, true, false);
    known("client_connection_wait_p99", "ms", false, true, false);
    known("client_cpu_fraction", "", false, true, false);
    known("client_cpu_us_per_read", "us", false, true, false);
    // accuracy: overall, and per task as tier
    known("accuracy", "ratio", false, true, true);
    known("accuracy_unparsed", "ratio", false, true, true);
    known("accuracy_total", "responses", false, true, false);
    known("accuracy_errors", "requests", false, true, false);
    // AA-AgentPerf: per tier, at the tier's capacity
    known("supported_agents", "agents", false, false, true);
    known(OUTPUT_SPEED, "tokens/sec", true, true, true); // per run: output_token_throughput_per_user's value
    known(E2E_SPEED, "tokens/sec", true, true, true); // per run: e2e_output_token_throughput's value
    known("supported_agents_per_accelerator", "agents", false, false, true);
    known("output_token_throughput_per_accelerator", "tokens/sec", false, false, true);
    known("supported_agents_per_mw", "agents/MW", false, false, true);
    known("output_token_throughput_per_mw", "tokens/sec/MW", false, false, true);
    // AgentX replay
    known("skipped_context_overflow_count", "requests", false, true, false);
    known("trees_played", "trees", false, true, false);
    known("max_live_trees", "trees", false, true, false);
    known("dispatch_lateness", "ms", true, true, false);
  }

  private SloNames() {}

  private static void known(String name, String unit, boolean distribution, boolean perRun, boolean perTier) {
    KNOWN.put(name, new Known(name, unit, distribution, perRun, perTier));
  }

  /** The metric of this name, if one of our generators reports it. */
  public static Optional<Known> metric(String name) {
    return Optional.ofNullable(KNOWN.get(name));
  }

  /**
   * The other name of the same measure ({@code output_speed} and {@code output_token_throughput_per_user},
   * {@code e2e_speed} and {@code e2e_output_token_throughput}), if {@code name} has one.
   */
  public static Optional<String> sameMeasure(String name) {
    return Optional.ofNullable(SAME_MEASURE.get(name));
  }

  /** Whether {@code stat} is a statistic ({@code p99.9} too: any percentile). */
  public static boolean isStat(String stat) {
    return STATS.contains(stat) || PERCENTILE.matcher(stat).matches();
  }

  /** The names of the metrics infermark's generators report, in order. */
  public static Set<String> metricNames() {
    return java.util.Collections.unmodifiableSet(KNOWN.keySet());
  }

  /** Whether {@code unit} is a unit of time ({@code s}, {@code ms}, ...), into which latencies convert. */
  public static boolean isTimeUnit(String unit) {
    return TIME_UNITS.contains(unit);
  }
}
