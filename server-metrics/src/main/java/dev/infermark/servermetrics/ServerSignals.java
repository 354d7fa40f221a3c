package dev.infermark.servermetrics;

import java.util.List;

/**
 * Where a backend keeps what changes while a run goes on, by export name: KV-cache usage, running
 * and waiting requests, prefix-cache hit rates. Its adapter reads the same names for the window's
 * figures, so the report draws them over time without restating a metric name.
 *
 * @param kvUsage KV-cache usage in percent, or {@code null} when the backend has none
 * @param running requests running, or {@code null}
 * @param waiting requests waiting (queued, deferred), or {@code null}
 * @param hitRates one entry per cache the backend tells apart ({@code gpu}, {@code cpu_offload},
 *     {@code external}, {@code overall}, as {@code derived.prefix_cache_hit_rate} names them)
 */
public record ServerSignals(Gauge kvUsage, Gauge running, Gauge waiting, List<HitRate> hitRates) {
  public ServerSignals {
    hitRates = List.copyOf(hitRates);
  }

  /**
   * A gauge: the first of {@code names} that is exposed, its series added ({@code add}: request
   * counts) or averaged (usage fractions), times {@code scale}; a {@code NaN} scale reads a value
   * as a fraction (×100) unless its maximum exceeds 1.5, then as percent (Dynamo's {@code _percent}).
   */
  public record Gauge(boolean add, double scale, List<String> names) {
    public Gauge {
      names = List.copyOf(names);
    }

    static Gauge count(String... names) {
      return new Gauge(true, 1, List.of(names));
    }

    /** A 0–1 fraction shown in percent. */
    static Gauge fraction(String... names) {
      return new Gauge(false, 100, List.of(names));
    }

    static Gauge fractionOrPercent(String... names) {
      return new Gauge(false, Double.NaN, List.of(names));
    }

    /** The factor that turns values whose maximum is {@code max} into the figure's unit. */
    public double scaleFor(double max) {
      return Double.isNaN(scale) ? max > 1.5 ? 1 : 100 : scale;
    }
  }

  /**
   * A running total: a counter's value, or a histogram's {@code sum} (Dynamo's token histograms),
   * summed over the series whose {@code label} is {@code value} (no label: every series).
   */
  public record Count(String name, String label, String value) {
    static Count of(String name) {
      return new Count(name, null, null);
    }

    static Count where(String name, String label, String value) {
      return new Count(name, label, value);
    }

    /** Whether a series with these labels counts. */
    public boolean matches(java.util.Map<String, String> labels) {
      return label == null || value.equals(labels.get(label));
    }
  }

  /** How one hit rate is read: a ratio of two running totals' increases, or a gauge that is already one. */
  public sealed interface Way permits Ratio, Level {}

  /** Hits ÷ queries, each an increase over the same span. */
  public record Ratio(Count hits, Count queries) implements Way {}

  /** A gauge holding the hit rate as a fraction (its series averaged). */
  public record Level(String gauge) implements Way {}

  /** One cache's hit rate: the first of {@code ways} whose metrics are exposed. */
  public record HitRate(String source, List<Way> ways) {
    public HitRate {
      ways = List.copyOf(ways);
    }

    static HitRate of(String source, Way... ways) {
      return new HitRate(source, List.of(ways));
    }
  }
}
