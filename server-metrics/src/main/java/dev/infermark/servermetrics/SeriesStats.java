package dev.infermark.servermetrics;

import java.util.Map;

/**
 * One series' statistics over a window, in AIPerf's {@code server_metrics_export.json} terms.
 *
 * @param endpoint the endpoint URL it was scraped from
 * @param labels its labels, sorted ({@code le} removed)
 */
public record SeriesStats(String endpoint, Map<String, String> labels, Values values) {

  /** The statistics by metric type. */
  public sealed interface Values permits Gauge, Counter, Histogram {}

  /**
   * A gauge's samples in the window: mean, extremes, sample standard deviation (ddof 1, 0 for one
   * sample) and exact percentiles (numpy's linear method) at {@link dev.infermark.metrics.Stats#PERCENTILES}.
   */
  public record Gauge(int samples, double avg, double min, double max, double std, double[] percentiles) implements Values {}

  /** A counter's increase over the window (a reset counts as 0, as AIPerf does) and its rate per second. */
  public record Counter(double total, double rate) implements Values {}

  /**
   * A histogram's observations in the window: count, sum, their rates, the per-bucket increases
   * (cumulative by {@code le}; {@code null} after a reset) and percentile estimates interpolated
   * within buckets ({@code null} when there are no observations).
   */
  public record Histogram(double count, double sum, double countRate, double sumRate, Map<String, Double> buckets,
      double[] estimates) implements Values {
    public Double avg() {
      return count > 0 ? sum / count : null;
    }
  }
}
