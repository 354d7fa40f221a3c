package dev.infermark.slo;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.infermark.annotations.Slo;
import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.metrics.catalog.MetricDef;

/** One {@link Slo} as data, and its evaluation against a run's result. */
public record SloSpec(String metric, String stat, double min, double max, String unit, String tier, String name) {

  /**
   * The outcome of one check: pass or fail, with a message that shows value and threshold; the
   * measured value is in {@code unit} (the SLO's unit, else the result's).
   */
  public record Outcome(boolean passed, String message, OptionalDouble measured, String unit) {}

  public static SloSpec of(Slo a) {
    return new SloSpec(tag(a), a.stat().label(), a.min(), a.max(), a.unit(), a.tier(), a.name());
  }

  /** The tag of the metric an {@link Slo} names: its {@code metric}'s, or its {@code custom} one. */
  public static String tag(Slo a) {
    return a.metric() == Metric.CUSTOM ? a.custom() : a.metric().tag();
  }

  /**
   * What is wrong with how {@code a} names its metric, or empty: exactly one of {@code metric} and
   * {@code custom}, and a custom name that is not a known metric's tag (use the constant then).
   */
  public static java.util.Optional<String> namingProblem(Slo a) {
    if (a.metric() == Metric.CUSTOM && a.custom().isBlank()) {
      return java.util.Optional.of("@Slo needs a metric (metric = Metric.X) or a result of the scenario's own (custom = \"name\")");
    }
    if (a.metric() != Metric.CUSTOM && !a.custom().isBlank()) {
      return java.util.Optional.of("@Slo names both metric = " + a.metric() + " and custom = \"" + a.custom()
          + "\": set one of them");
    }
    return Metric.ofTag(a.custom().trim()).map(m -> "@Slo(custom = \"" + a.custom() + "\") is a known metric: write metric = Metric."
        + m.name());
  }

  /** The node name: {@code [tier] p95 time_to_first_token <= 2 s}. */
  public String displayName() {
    if (!name.isBlank()) {
      return name;
    }
    StringBuilder b = new StringBuilder();
    if (!tier.isBlank()) {
      b.append('[').append(tier).append("] ");
    }
    if (!"value".equals(stat)) {
      b.append(stat).append(' ');
    }
    b.append(metric);
    String u = unit.isBlank() ? "" : " " + unit;
    if (!Double.isNaN(min)) {
      b.append(" >= ").append(fmt(min)).append(u);
    }
    if (!Double.isNaN(max)) {
      b.append(Double.isNaN(min) ? " <= " : " and <= ").append(fmt(max)).append(u);
    }
    return b.toString();
  }

  /** The statistic, typed; empty for a name {@link Stat} does not have (nothing reports it). */
  private Optional<Stat> typedStat() {
    try {
      return Optional.of(Stat.of(stat));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** A stable id segment for the node. */
  public String id() {
    return (tier.isBlank() ? "" : tier + "/") + stat + ":" + metric + (Double.isNaN(min) ? "" : ">=" + fmt(min))
        + (Double.isNaN(max) ? "" : "<=" + fmt(max)) + (unit.isBlank() ? "" : unit);
  }

  /** Checks the result; an unmeasured metric fails (a missing number is never taken as zero). */
  public Outcome evaluate(RunResult result) {
    Optional<Stat> st = typedStat();
    String reported = metric;
    OptionalDouble v = st.isEmpty() ? OptionalDouble.empty() : result.lookup(tier, metric, st.get());
    Optional<String> other = SloNames.sameMeasure(metric);
    if (v.isEmpty() && st.isPresent() && other.isPresent()) { // AgentPerf's name of an AIPerf metric, or the reverse
      reported = other.get();
      v = result.lookup(tier, reported, st.get());
    }
    if (v.isEmpty()) {
      // Still in a unit, as a measured one would be: the SLO's, else the one the metric is reported in.
      String known = unit.isBlank() ? SloNames.metric(metric).map(MetricDef::unit).orElse("") : unit;
      return new Outcome(false, displayName() + ": not measured by this run (no value for "
          + (tier.isBlank() ? "" : tier + "/") + metric + " " + stat + ")" + hint(), v, known);
    }
    String resultUnit = result.unit(tier, reported, st.get());
    double scale;
    try {
      scale = scale(resultUnit, unit);
    } catch (IllegalArgumentException e) {
      return new Outcome(false, displayName() + ": " + e.getMessage(), OptionalDouble.empty(), unit);
    }
    double value = v.getAsDouble() / scale;
    String shownUnit = unit.isBlank() ? resultUnit : unit;
    boolean ok = (Double.isNaN(min) || value >= min) && (Double.isNaN(max) || value <= max);
    String measured = "measured " + fmt(value) + (shownUnit.isBlank() ? "" : " " + shownUnit);
    String threshold = threshold() + (shownUnit.isBlank() ? "" : " " + shownUnit);
    return new Outcome(ok, displayName() + ": " + measured + (ok ? ", within " : ", violates ") + threshold,
        OptionalDouble.of(value), shownUnit);
  }

  /** Why a metric that is measured only when asked for is missing. */
  private String hint() {
    return GOODPUT_METRICS.contains(metric) ? ": goodput is measured with infermark.goodput (metric:threshold pairs, e.g. "
        + "@Default(key = Setting.GOODPUT, value = \"time_to_first_token:200 inter_token_latency:50\"))" : "";
  }

  /** The metrics only a run with {@code infermark.goodput} reports. */
  public static final java.util.Set<String> GOODPUT_METRICS = java.util.Set.of(Metric.GOODPUT.tag(),
      Metric.GOOD_REQUEST_COUNT.tag(), Metric.GOOD_REQUEST_FRACTION.tag());

  /** The bounds without unit: {@code <= 500}, {@code >= 20}, {@code >= 1 and <= 2}. */
  public String threshold() {
    return (Double.isNaN(min) ? "" : ">= " + fmt(min)) + (!Double.isNaN(min) && !Double.isNaN(max) ? " and " : "")
        + (Double.isNaN(max) ? "" : "<= " + fmt(max));
  }

  /** How many result units make one SLO unit (ms per s, ...). */
  private double scale(String resultUnit, String sloUnit) {
    if (sloUnit.isBlank() || sloUnit.equalsIgnoreCase(resultUnit)) {
      return 1;
    }
    double r = seconds(resultUnit);
    double s = seconds(sloUnit);
    if (Double.isNaN(r) || Double.isNaN(s)) {
      throw new IllegalArgumentException("@Slo on " + metric + ": cannot convert " + resultUnit + " to " + sloUnit);
    }
    return s / r;
  }

  private static double seconds(String unit) {
    return switch (unit.toLowerCase(Locale.ROOT)) {
      case "s", "sec", "seconds" -> 1;
      case "ms" -> 1e-3;
      case "us" -> 1e-6;
      case "ns" -> 1e-9;
      default -> Double.NaN;
    };
  }

  /** A value as the verdicts show it ({@link SloResult#fmt}). */
  public static String fmt(double d) {
    return SloResult.fmt(d);
  }

  /** This SLO checked against the result, as the verdicts report it. */
  public SloResult result(RunResult result) {
    Outcome o = evaluate(result);
    return new SloResult(id(), metric, stat, tier, name, min, max, threshold(), o.passed(), o.measured(), o.unit(),
        o.message());
  }
}
