package dev.infermark.simulator;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;

/** A Prometheus histogram with fixed upper bounds (seconds), safe to observe from any thread. */
final class PromHistogram {
  private final String name;
  private final String help;
  private final double[] bounds;
  private final AtomicLongArray counts;
  private final DoubleAdder sum = new DoubleAdder();

  PromHistogram(String name, String help, double... bounds) {
    this.name = name;
    this.help = help;
    this.bounds = bounds.clone();
    this.counts = new AtomicLongArray(bounds.length + 1);
  }

  void observeNanos(long ns) {
    observe(ns / 1e9);
  }

  void observe(double v) {
    int i = 0;
    while (i < bounds.length && v > bounds[i]) {
      i++;
    }
    counts.incrementAndGet(i);
    sum.add(v);
  }

  long count() {
    long n = 0;
    for (int i = 0; i < counts.length(); i++) {
      n += counts.get(i);
    }
    return n;
  }

  double sum() {
    return sum.sum();
  }

  /** Appends the family in Prometheus text format 0.0.4, with {@code labels} on every sample. */
  void write(StringBuilder out, String labels) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" histogram\n");
    long cumulative = 0;
    String sep = labels.isEmpty() ? "" : labels + ",";
    for (int i = 0; i <= bounds.length; i++) {
      cumulative += counts.get(i);
      String le = i < bounds.length ? SimMetrics.number(bounds[i]) : "+Inf";
      out.append(name).append("_bucket{").append(sep).append("le=\"").append(le).append("\"} ").append(cumulative).append('\n');
    }
    String braces = labels.isEmpty() ? "" : "{" + labels + "}";
    out.append(name).append("_sum").append(braces).append(' ').append(SimMetrics.number(sum.sum())).append('\n');
    out.append(name).append("_count").append(braces).append(' ').append(cumulative).append('\n');
  }
}
