package dev.infermark.baseline;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.infermark.artifact.StudentT;
import dev.infermark.metrics.Stats;

/**
 * The relative change of a statistic from a baseline to a current run ({@code current / baseline − 1})
 * with a confidence interval: a percentile bootstrap over the two runs' per-request values (each
 * resampled with replacement, seeded), or, when both runs have several trials, Welch's t interval
 * on the difference of the trials' means, divided by the baseline's mean.
 *
 * @param change the point estimate
 * @param low the interval's lower end
 * @param high its upper end
 * @param method {@code bootstrap} or {@code trials}
 * @param baseline the baseline's statistic
 * @param current the current run's
 */
public record ChangeInterval(double change, double low, double high, String method, double baseline, double current) {
  /** Whether the interval leaves out 0 (no change). */
  public boolean significant() {
    return low > 0 || high < 0;
  }

  /** The statistic {@code stat} ({@code avg}, {@code pNN}, {@code min}, {@code max}, {@code std}) of sorted values. */
  static double statistic(double[] sorted, String stat) {
    return switch (stat) {
      case "avg" -> mean(sorted);
      case "min" -> sorted[0];
      case "max" -> sorted[sorted.length - 1];
      case "std" -> {
        double m = mean(sorted);
        double s = 0;
        for (double v : sorted) {
          s += (v - m) * (v - m);
        }
        yield Math.sqrt(s / sorted.length);
      }
      default -> Stats.percentile(sorted, Double.parseDouble(stat.substring(1)));
    };
  }

  /** A bootstrap of {@code stat}'s relative change; both samples need at least 2 values. */
  static ChangeInterval bootstrap(double[] baseline, double[] current, String stat, int resamples, double confidence,
      long seed) {
    double[] a = baseline.clone();
    double[] b = current.clone();
    Arrays.sort(a);
    Arrays.sort(b);
    double sa = statistic(a, stat);
    double sb = statistic(b, stat);
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] changes = new double[resamples];
    double[] ra = new double[a.length];
    double[] rb = new double[b.length];
    for (int i = 0; i < resamples; i++) {
      resample(a, ra, rnd);
      resample(b, rb, rnd);
      changes[i] = statistic(rb, stat) / statistic(ra, stat) - 1;
    }
    Arrays.sort(changes);
    double tail = (1 - confidence) / 2 * 100;
    return new ChangeInterval(sb / sa - 1, Stats.percentile(changes, tail), Stats.percentile(changes, 100 - tail),
        "bootstrap", sa, sb);
  }

  /** Welch's interval on the trials' means; both need at least 2 trials. */
  static ChangeInterval trials(double[] baseline, double[] current, double confidence) {
    double ma = mean(baseline);
    double mb = mean(current);
    double va = variance(baseline, ma) / baseline.length;
    double vb = variance(current, mb) / current.length;
    double se = Math.sqrt(va + vb);
    double df = se == 0 ? 1 : (va + vb) * (va + vb)
        / (va * va / (baseline.length - 1) + vb * vb / (current.length - 1));
    double t = se == 0 ? 0 : StudentT.quantile(1 - (1 - confidence) / 2, Math.max(1, df));
    double diff = mb - ma;
    return new ChangeInterval(diff / ma, (diff - t * se) / Math.abs(ma), (diff + t * se) / Math.abs(ma), "trials", ma, mb);
  }

  private static void resample(double[] from, double[] into, SplittableRandom rnd) {
    for (int i = 0; i < into.length; i++) {
      into[i] = from[rnd.nextInt(from.length)];
    }
    Arrays.sort(into);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  private static double variance(double[] v, double mean) {
    double s = 0;
    for (double x : v) {
      s += (x - mean) * (x - mean);
    }
    return s / (v.length - 1);
  }
}
