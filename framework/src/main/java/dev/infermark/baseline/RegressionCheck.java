package dev.infermark.baseline;

import java.util.Locale;

import dev.infermark.api.Metric;
import dev.infermark.metrics.MetricDefs;

/**
 * One statistic a regression gate compares with the baseline: an {@code @Slo}'s, or one of
 * {@code infermark.regression-metrics} ({@code time_to_first_token:p50}).
 *
 * @param metric the metric's tag
 * @param stat the statistic ({@code p50}, {@code avg}, {@code value})
 */
public record RegressionCheck(String metric, String stat) {
  /** The node's id segment and the setting's form: {@code time_to_first_token:p50}. */
  public String id() {
    return metric + ":" + stat;
  }

  /** {@code p50 time_to_first_token}. */
  public String displayName() {
    return ("value".equals(stat) ? "" : stat + " ") + metric;
  }

  /** Whether more is better (throughputs, speeds); latencies are better lower. */
  public boolean largerIsBetter() {
    Metric d = MetricDefs.get(metric);
    return d != null && d.largerIsBetter();
  }

  /** The metric's unit. */
  public String unit() {
    Metric d = MetricDefs.get(metric);
    return d == null ? "" : d.unit();
  }

  /**
   * {@code METRIC:STAT}.
   *
   * @throws IllegalArgumentException naming the entry
   */
  public static RegressionCheck parse(String entry) {
    String[] p = entry.strip().split(":");
    if (p.length != 2 || MetricDefs.get(p[0].strip()) == null) {
      throw new IllegalArgumentException(BaselineKeys.REGRESSION_METRICS + ": '" + entry.strip() + "' is not METRIC:STAT of "
          + "one of infermark's metrics (e.g. time_to_first_token:p50, output_token_throughput:value)");
    }
    String stat = p[1].strip().toLowerCase(Locale.ROOT);
    if (!stat.equals("value") && !stat.equals("avg") && !stat.equals("min") && !stat.equals("max") && !stat.equals("std")
        && !stat.matches("p\\d{1,2}")) {
      throw new IllegalArgumentException(BaselineKeys.REGRESSION_METRICS + ": '" + entry.strip() + "': no statistic " + stat
          + " (avg, min, max, std, p1 ... p99, value)");
    }
    return new RegressionCheck(p[0].strip(), stat);
  }
}
