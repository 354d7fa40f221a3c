package dev.infermark.artifact;

/** Student's t distribution: the CDF through the regularised incomplete beta function, and its inverse. */
public final class StudentT {
  private StudentT() {}

  /** P(T &lt;= t) with {@code df} degrees of freedom. */
  public static double cdf(double t, double df) {
    double x = df / (df + t * t);
    double tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
    return t >= 0 ? 1 - tail : tail;
  }

  /** The {@code p} quantile (0 &lt; p &lt; 1), by bisection to double precision. */
  public static double quantile(double p, double df) {
    if (!(p > 0 && p < 1) || !(df > 0)) {
      throw new IllegalArgumentException("t quantile needs 0 < p < 1 and df > 0, got p=" + p + " df=" + df);
    }
    double lo = -1;
    double hi = 1;
    while (cdf(lo, df) > p) {
      lo *= 2;
    }
    while (cdf(hi, df) < p) {
      hi *= 2;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i++) {
      double mid = (lo + hi) / 2;
      if (cdf(mid, df) < p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
    // The continued fraction converges fast for x < (a+1)/(a+b+2); use symmetry otherwise.
    if (x < (a + 1) / (a + b + 2)) {
      return front * continuedFraction(x, a, b) / a;
    }
    return 1 - front * continuedFraction(1 - x, b, a) / b;
  }

  /** Lentz's method for the incomplete beta continued fraction. */
  private static double continuedFraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = Math.abs(d) < tiny ? tiny : d;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + aa * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + aa * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      double del = d * c;
      h *= del;
      if (Math.abs(del - 1) < 1e-16) {
        break;
      }
    }
    return h;
  }

  /** Lanczos approximation (g = 7, n = 9), accurate to about 15 digits. */
  static double logGamma(double x) {
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
        12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
    double xx = x - 1;
    double a = g[0];
    double t = xx + 7.5;
    for (int i = 1; i < 9; i++) {
      a += g[i] / (xx + i);
    }
    return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
  }
}
