package dev.infermark.sweep;

/**
 * The Pareto frontier of points where more is better on both axes (per-user speed and total
 * throughput; an agent's E2E speed and throughput per accelerator): a point is on it when no other
 * point is at least as good on both and better on one. Points with a value missing are never on it.
 */
public final class Pareto {
  private Pareto() {}

  /** For each point, whether it is on the frontier of {@code (x[i], y[i])}. */
  public static boolean[] frontier(double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("x and y differ in length: " + x.length + ", " + y.length);
    }
    boolean[] on = new boolean[x.length];
    for (int i = 0; i < x.length; i++) {
      if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
        continue;
      }
      boolean dominated = false;
      for (int j = 0; j < x.length && !dominated; j++) {
        dominated = j != i && Double.isFinite(x[j]) && Double.isFinite(y[j]) && x[j] >= x[i] && y[j] >= y[i]
            && (x[j] > x[i] || y[j] > y[i]);
      }
      on[i] = !dominated;
    }
    return on;
  }
}
