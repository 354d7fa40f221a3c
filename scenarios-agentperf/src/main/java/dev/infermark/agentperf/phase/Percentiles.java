package dev.infermark.agentperf.phase;

import java.util.Arrays;

/** Statistics over a sample, percentiles by linear interpolation between closest ranks (numpy's default). */
public final class Percentiles {
  private Percentiles() {}

  /** The {@code p}-th percentile (0..100) of {@code sorted} (ascending); NaN for an empty sample. */
  public static double of(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double rank = (sorted.length - 1) * p / 100.0;
    int lo = (int) Math.floor(rank);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
  }

  /** A sorted copy. */
  public static double[] sorted(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s;
  }
}
