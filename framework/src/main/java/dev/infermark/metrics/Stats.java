package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.util.Arrays;

/**
 * Statistics of one metric, defined exactly as AIPerf computes them with numpy: {@code avg} and
 * {@code std} (population, ddof 0) with numpy's pairwise summation, percentiles by linear
 * interpolation between closest ranks (numpy's default {@code percentile} method, including its
 * {@code lerp} form), plus {@code min}, {@code max}, {@code count} and {@code sum}.
 */
@API(status = EXPERIMENTAL, since = "0.2") // results SPI
public record Stats(long count, double sum, double avg, double min, double max, double std, double p1, double p5,
    double p10, double p25, double p50, double p75, double p90, double p95, double p99) {

  /** The percentiles reported, in column order. */
  public static final double[] PERCENTILES = {1, 5, 10, 25, 50, 75, 90, 95, 99};

  /** Statistics of exact values; {@code null} when there are none (an absent metric, never 0). */
  public static Stats of(double[] values) {
    int n = values.length;
    if (n == 0) {
      return null;
    }
    double sum = sum(values, 0, n);
    double mean = sum / n;
    double[] dev = new double[n];
    for (int i = 0; i < n; i++) {
      double d = values[i] - mean;
      dev[i] = d * d;
    }
    double std = Math.sqrt(sum(dev, 0, n) / n);
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double[] p = new double[PERCENTILES.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = percentile(sorted, PERCENTILES[i]);
    }
    return new Stats(n, sum, mean, sorted[0], sorted[n - 1], std, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]);
  }

  /** numpy {@code percentile(a, q)} (method linear) of sorted values. */
  public static double percentile(double[] sorted, double q) {
    int n = sorted.length;
    double virtual = (n - 1) * (q / 100.0);
    int lo = (int) Math.floor(virtual);
    if (lo >= n - 1) {
      return sorted[n - 1];
    }
    double gamma = virtual - lo;
    double a = sorted[lo];
    double b = sorted[lo + 1];
    double diff = b - a;
    // numpy's _lerp: from the upper end when gamma >= 0.5, for monotonicity.
    return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
  }

  /** numpy's add.reduce order: pairwise summation in blocks of 8 (matches numpy bit for bit). */
  static double sum(double[] a, int from, int to) {
    return to <= from ? 0 : pairwise(a, from, to - from);
  }

  private static double pairwise(double[] a, int off, int n) {
    if (n < 8) {
      double res = 0;
      for (int i = 0; i < n; i++) {
        res += a[off + i];
      }
      return res;
    }
    if (n <= 128) {
      double[] r = new double[8];
      System.arraycopy(a, off, r, 0, 8);
      int i;
      for (i = 8; i < n - (n % 8); i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += a[off + i + j];
        }
      }
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        res += a[off + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, off, n2) + pairwise(a, off + n2, n - n2);
  }

  /** These statistics divided by {@code divisor} (ns to ms: 1e6); count is kept. */
  public Stats divided(double divisor) {
    if (divisor == 1) {
      return this;
    }
    double d = divisor;
    return new Stats(count, sum / d, avg / d, min / d, max / d, std / d, p1 / d, p5 / d, p10 / d, p25 / d, p50 / d,
        p75 / d, p90 / d, p95 / d, p99 / d);
  }

  /** A statistic by name ({@code avg}, {@code p95}, {@code std}, ...), or NaN for an unknown name. */
  public double get(String stat) {
    return switch (stat) {
      case "count" -> count;
      case "sum" -> sum;
      case "avg" -> avg;
      case "min" -> min;
      case "max" -> max;
      case "std" -> std;
      case "p1" -> p1;
      case "p5" -> p5;
      case "p10" -> p10;
      case "p25" -> p25;
      case "p50" -> p50;
      case "p75" -> p75;
      case "p90" -> p90;
      case "p95" -> p95;
      case "p99" -> p99;
      default -> Double.NaN;
    };
  }

  /** The statistic names in AIPerf's JSON order. */
  public static final java.util.List<String> NAMES =
      java.util.List.of("avg", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "min", "max", "std");
}
