package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.Locale;

import dev.infermark.api.status.API;

/**
 * A statistic of a metric, as AIPerf names them ({@code avg}, {@code p95}, ...), or {@link #VALUE}
 * for a scalar result ({@code request_throughput}, {@code accuracy}, {@code supported_agents}).
 * Averages and standard deviations are numpy's (population), percentiles numpy's linear ones.
 */
@API(status = STABLE, since = "0.1")
public enum Stat {
  AVG, MIN, MAX, STD, P1, P5, P10, P25, P50, P75, P90, P95, P99,
  /** How many values the distribution has. */
  COUNT,
  /** A scalar result: the metric's one value. */
  VALUE;

  /** The name in artifacts and result keys: {@code avg}, {@code p95}, {@code value}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The statistic named {@code label} ({@code p95}, case-insensitive).
   *
   * @throws IllegalArgumentException listing the known names
   */
  public static Stat of(String label) {
    for (Stat s : values()) {
      if (s.label().equalsIgnoreCase(label.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown statistic '" + label + "' (known: avg, min, max, std, p1, p5, p10, p25, "
        + "p50, p75, p90, p95, p99, count, value)");
  }
}
