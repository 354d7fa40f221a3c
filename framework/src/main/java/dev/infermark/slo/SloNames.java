package dev.infermark.slo;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.infermark.api.Metric;
import dev.infermark.metrics.catalog.MetricCatalogs;
import dev.infermark.metrics.catalog.MetricDef;

/**
 * The names an {@code @Slo} may use, checked in one place before anything runs: the statistics
 * ({@code avg}, {@code min}, {@code max}, {@code std}, {@code count}, {@code p1} … {@code p99},
 * {@code value}) and the metrics infermark's generators report, as their definitions state them
 * ({@link MetricCatalogs}: the harness's in {@link Metric}, each methodology's in its catalog).
 *
 * <p>A metric no catalog defines may be the scenario's own result (its load generator reports it);
 * only a name one or two edits from a known one is taken for a typo.
 */
public final class SloNames {
  /** The statistics, as {@code RunResult} keys them. */
  public static final Set<String> STATS = Set.of("value", "avg", "min", "max", "std", "count", "p1", "p5", "p10", "p25",
      "p50", "p75", "p90", "p95", "p99");
  private static final Pattern PERCENTILE = Pattern.compile("p(?:[1-9][0-9]?)(?:\\.[0-9]+)?");
  private static final Set<String> TIME_UNITS = Set.of("s", "sec", "seconds", "ms", "us", "ns");

  /** AA-AgentPerf's name of the decode speed AIPerf calls output_token_throughput_per_user ({@code @SloTier}'s). */
  @SuppressWarnings("deprecation") // the name @SloTier and AgentPerf's results keep
  public static final String OUTPUT_SPEED = Metric.OUTPUT_SPEED.tag();
  /** AA-AgentPerf's name of the end-to-end output speed AIPerf calls e2e_output_token_throughput. */
  @SuppressWarnings("deprecation")
  public static final String E2E_SPEED = Metric.E2E_SPEED.tag();

  /**
   * Two names of one measure: AA-AgentPerf reports per tier what AIPerf's tags name per run. An SLO on either name
   * reads the value the run reports under the other when it has none under its own.
   */
  private static final Map<String, String> SAME_MEASURE = Map.of(
      OUTPUT_SPEED, Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(), Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(), OUTPUT_SPEED,
      E2E_SPEED, Metric.E2E_OUTPUT_TOKEN_THROUGHPUT.tag(), Metric.E2E_OUTPUT_TOKEN_THROUGHPUT.tag(), E2E_SPEED);

  private SloNames() {}

  /** The metric of this name, if the harness or a methodology on the class path defines it. */
  public static Optional<MetricDef> metric(String name) {
    return MetricCatalogs.current().get(name);
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
    return MetricCatalogs.current().tags();
  }

  /** Whether {@code unit} is a unit of time ({@code s}, {@code ms}, ...), into which latencies convert. */
  public static boolean isTimeUnit(String unit) {
    return TIME_UNITS.contains(unit);
  }
}
