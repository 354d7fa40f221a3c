package dev.infermark.report;

import java.util.Arrays;

import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Empirical CDFs and histograms of one metric's values, sized for a page. */
final class Distributions {
  /** Up to this many values the CDF keeps every one; above, it keeps this many quantiles. */
  static final int CDF_POINTS = 1000;

  private Distributions() {}

  /**
   * The empirical CDF: {@code x} the values ascending, {@code y} the fraction of values at or below
   * each. Above {@link #CDF_POINTS} values, quantiles at evenly spaced fractions (numpy's linear
   * percentile), min and max included.
   */
  static ObjectNode cdf(double[] sorted) {
    ObjectNode o = Json.object();
    ArrayNode x = o.putArray("x");
    ArrayNode y = o.putArray("y");
    int n = sorted.length;
    if (n <= CDF_POINTS) {
      for (int i = 0; i < n; i++) {
        // Ties collapse to their highest fraction so the step is drawn once.
        if (i + 1 < n && sorted[i + 1] == sorted[i]) {
          continue;
        }
        Numbers.add(x, sorted[i], 6);
        y.add(Numbers.round((i + 1) / (double) n, 5));
      }
    } else {
      for (int i = 0; i < CDF_POINTS; i++) {
        double q = i / (double) (CDF_POINTS - 1);
        Numbers.add(x, Stats.percentile(sorted, q * 100), 6);
        y.add(Numbers.round(q, 5));
      }
    }
    o.put("n", n);
    return o;
  }

  /**
   * A histogram over [min, p99] when the tail beyond p99 would squash the rest (more than 100
   * values and max above 1.5 × p99), else over [min, max]; {@code above} counts the values left out.
   * √n bins, between 5 and 40.
   */
  static ObjectNode histogram(double[] sorted) {
    ObjectNode o = Json.object();
    int n = sorted.length;
    double lo = sorted[0];
    double hi = sorted[n - 1];
    double p99 = Stats.percentile(sorted, 99);
    if (n > 100 && hi > 1.5 * p99 && p99 > lo) {
      hi = p99;
    }
    int bins = Math.max(5, Math.min(40, (int) Math.ceil(Math.sqrt(n))));
    double width = hi > lo ? (hi - lo) / bins : 1;
    if (hi == lo) {
      bins = 1;
      lo -= 0.5;
    }
    long[] counts = new long[bins];
    int above = 0;
    for (double v : sorted) {
      if (v > hi) {
        above++;
        continue;
      }
      counts[Math.min(bins - 1, (int) ((v - lo) / width))]++;
    }
    ArrayNode x = o.putArray("x");
    ArrayNode y = o.putArray("y");
    for (int i = 0; i < bins; i++) {
      Numbers.add(x, lo + (i + 0.5) * width, 6);
      y.add(counts[i]);
    }
    Numbers.put(o, "width", Numbers.round(width, 6));
    o.put("above", above);
    Numbers.put(o, "clip", above > 0 ? Numbers.round(hi, 6) : Double.NaN);
    Numbers.put(o, "max", sorted[n - 1]);
    return o;
  }

  static double[] sorted(double[] values) {
    double[] s = Arrays.stream(values).filter(Double::isFinite).toArray();
    Arrays.sort(s);
    return s;
  }
}
