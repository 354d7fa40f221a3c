package dev.infermark.agentperf.search;

import java.util.Locale;
import java.util.OptionalDouble;

import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.api.Metric;
import dev.infermark.slo.SloNames;

/**
 * One per-request objective a phase must meet for a tier, e.g. P25 output speed at least 20
 * tokens/s or P95 TTFT at most 10 s. Bounds are inclusive; TTFT bounds given in {@code s} are
 * converted to the phase's milliseconds.
 *
 * @param metric {@code output_speed}, {@code time_to_first_token}, {@code e2e_speed} or {@code output_token_throughput}
 * @param stat {@code p25}, {@code p95}, {@code avg}, ...
 * @param min lower bound or NaN
 * @param max upper bound or NaN
 * @param unit the bounds' unit ({@code s}, {@code ms}, or empty for the metric's own)
 */
public record Criterion(String metric, String stat, double min, double max, String unit) {
  public Criterion {
    unit = unit == null ? "" : unit;
    if (Double.isNaN(min) && Double.isNaN(max)) {
      throw new IllegalArgumentException("objective " + metric + " " + stat + " has neither min nor max");
    }
    if (!unit.isEmpty() && !unit.equals("s") && !unit.equals("ms") && metric.equals(Metric.TIME_TO_FIRST_TOKEN.tag())) {
      throw new IllegalArgumentException("objective " + metric + ": unit must be s or ms, got '" + unit + "'");
    }
  }

  /** P25 output speed of at least {@code tokensPerSecond}. */
  public static Criterion minOutputSpeed(double tokensPerSecond) {
    return new Criterion(SloNames.OUTPUT_SPEED, "p25", tokensPerSecond, Double.NaN, "");
  }

  /** P95 TTFT of at most {@code seconds}. */
  public static Criterion maxTtftSeconds(double seconds) {
    return new Criterion(Metric.TIME_TO_FIRST_TOKEN.tag(), "p95", Double.NaN, seconds, "s");
  }

  /** The measured value in the bounds' unit, or empty when the phase did not measure it. */
  public OptionalDouble measured(PhaseStats stats) {
    OptionalDouble v = stats.stat(metric, stat);
    if (v.isPresent() && metric.equals(Metric.TIME_TO_FIRST_TOKEN.tag()) && unit.equals("s")) {
      return OptionalDouble.of(v.getAsDouble() / 1000.0);
    }
    return v;
  }

  /** Null when met, else why not. */
  public String violation(PhaseStats stats) {
    OptionalDouble v = measured(stats);
    if (v.isEmpty()) {
      return describe() + ": not measured";
    }
    double x = v.getAsDouble();
    if (!Double.isNaN(min) && x < min) {
      return String.format(Locale.ROOT, "%s: %.3f < %s", describe(), x, fmt(min));
    }
    if (!Double.isNaN(max) && x > max) {
      return String.format(Locale.ROOT, "%s: %.3f > %s", describe(), x, fmt(max));
    }
    return null;
  }

  /** {@code p25 output_speed >= 20}. */
  public String describe() {
    String bounds = (Double.isNaN(min) ? "" : " >= " + fmt(min)) + (Double.isNaN(max) ? "" : " <= " + fmt(max));
    return stat + " " + metric + bounds + (unit.isEmpty() ? "" : " " + unit);
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
