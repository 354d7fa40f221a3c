package dev.infermark.metrics.catalog;

import java.util.Objects;
import java.util.regex.Pattern;

import dev.infermark.api.Metric;

/**
 * One metric's definition: its tag (the name in artifacts, result keys and {@code @Slo}), display header,
 * unit, kind (a per-request distribution summarised by statistics, or one value), direction (whether a larger
 * value is better) and where a run reports it (for the whole run, per SLO tier, or both). Stated once: by
 * {@link Metric} for the harness's metrics, by a {@link MetricCatalog} for a methodology's.
 *
 * @param tag snake case, {@code trees_played}
 * @param header the display name, {@code Trees Played}
 * @param unit the unit values are reported in; empty when unitless
 * @param distribution measured per request and summarised by statistics (else one value)
 * @param largerIsBetter a throughput (else a latency, a count of what went wrong)
 * @param scope whether a run reports it for the whole run, per SLO tier, or both
 */
public record MetricDef(String tag, String header, String unit, boolean distribution, boolean largerIsBetter,
    Scope scope) {
  private static final Pattern TAG = Pattern.compile("[a-z0-9]+(_[a-z0-9]+)*");

  /** Where a run reports a metric: an {@code @Slo} with a {@code tier}, or without one, reads it there. */
  public enum Scope {
    RUN, TIER, RUN_AND_TIER;

    public boolean perRun() {
      return this != TIER;
    }

    public boolean perTier() {
      return this != RUN;
    }
  }

  public MetricDef {
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(scope, "scope");
    if (tag == null || !TAG.matcher(tag).matches()) {
      throw new IllegalArgumentException("metric tag '" + tag + "' is not snake case (a-z, 0-9, single underscores)");
    }
    if (header.isBlank()) {
      throw new IllegalArgumentException("metric " + tag + " has no header");
    }
  }

  /** One value per run (or per tier), where a smaller one is better; {@link #preferLarger()} turns it. */
  public static MetricDef value(String tag, String header, String unit) {
    return new MetricDef(tag, header, unit, false, false, Scope.RUN);
  }

  /** A per-request distribution, summarised by statistics, where a smaller value is better. */
  public static MetricDef distribution(String tag, String header, String unit) {
    return new MetricDef(tag, header, unit, true, false, Scope.RUN);
  }

  /** {@link Metric}'s definition of one of the harness's metrics. */
  public static MetricDef of(Metric m) {
    if (!m.defined()) {
      throw new IllegalArgumentException("Metric." + m + " only names a metric; a module's MetricCatalog defines it");
    }
    return new MetricDef(m.tag(), m.header(), m.unit(), m.distribution(), m.largerIsBetter(), Scope.RUN);
  }

  /** The same, where a larger value is better. */
  public MetricDef preferLarger() {
    return new MetricDef(tag, header, unit, distribution, true, scope);
  }

  /** The same, reported per SLO tier only. */
  public MetricDef tierOnly() {
    return new MetricDef(tag, header, unit, distribution, largerIsBetter, Scope.TIER);
  }

  /** The same, reported for the whole run and per SLO tier. */
  public MetricDef runAndTier() {
    return new MetricDef(tag, header, unit, distribution, largerIsBetter, Scope.RUN_AND_TIER);
  }

  /** Whether a run reports it for the whole run. */
  public boolean perRun() {
    return scope.perRun();
  }

  /** Whether a run reports it per SLO tier. */
  public boolean perTier() {
    return scope.perTier();
  }
}
