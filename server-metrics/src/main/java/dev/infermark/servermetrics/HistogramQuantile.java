package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Percentiles of a Prometheus histogram by linear interpolation within buckets, as PromQL's
 * {@code histogram_quantile} does: the first bucket starts at 0 (or at its bound when that is
 * negative), and a rank that falls in {@code +Inf} gets the highest finite bound. AIPerf refines
 * this with learnt per-bucket means; ours is the standard estimate.
 */
final class HistogramQuantile {
  private HistogramQuantile() {}

  /** Estimates at each percentile (0–100) of cumulative counts by {@code le} text; {@code null} when empty. */
  static double[] estimates(Map<String, Double> cumulative, double[] percentiles) {
    List<double[]> points = new ArrayList<>(); // {bound, count}
    cumulative.forEach((le, c) -> points.add(new double[] {bound(le), c}));
    points.sort((a, b) -> Double.compare(a[0], b[0]));
    if (points.isEmpty() || points.get(points.size() - 1)[0] != Double.POSITIVE_INFINITY) {
      return null;
    }
    double total = points.get(points.size() - 1)[1];
    if (!(total > 0)) {
      return null;
    }
    double[] out = new double[percentiles.length];
    for (int i = 0; i < percentiles.length; i++) {
      out[i] = quantile(points, total, percentiles[i] / 100.0);
    }
    return out;
  }

  private static double quantile(List<double[]> points, double total, double q) {
    double rank = q * total;
    int i = 0;
    while (i < points.size() - 1 && points.get(i)[1] < rank) {
      i++;
    }
    double upper = points.get(i)[0];
    if (upper == Double.POSITIVE_INFINITY) {
      return i == 0 ? Double.NaN : points.get(i - 1)[0];
    }
    double lower = i == 0 ? Math.min(0, upper) : points.get(i - 1)[0];
    double before = i == 0 ? 0 : points.get(i - 1)[1];
    double inBucket = points.get(i)[1] - before;
    if (inBucket <= 0) {
      return upper;
    }
    return lower + (upper - lower) * (rank - before) / inBucket;
  }

  static double bound(String le) {
    return switch (le) {
      case "+Inf", "Inf", "+inf", "inf" -> Double.POSITIVE_INFINITY;
      default -> Double.parseDouble(le);
    };
  }
}
