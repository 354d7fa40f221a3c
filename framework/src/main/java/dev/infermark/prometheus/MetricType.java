package dev.infermark.prometheus;

import java.util.Locale;

/** A Prometheus metric family's type, as its {@code # TYPE} line names it ({@code untyped} when there is none). */
public enum MetricType {
  COUNTER, GAUGE, HISTOGRAM, SUMMARY, UNTYPED;

  /** The name in the text format. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type named by a {@code # TYPE} line, or {@code null} when it is not one. */
  static MetricType parse(String s) {
    return switch (s) {
      case "counter" -> COUNTER;
      case "gauge" -> GAUGE;
      case "histogram" -> HISTOGRAM;
      case "summary" -> SUMMARY;
      case "untyped" -> UNTYPED;
      default -> null;
    };
  }
}
