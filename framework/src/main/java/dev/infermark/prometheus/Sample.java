package dev.infermark.prometheus;

import java.util.Map;

/**
 * One sample line: its metric name (with a {@code _bucket}/{@code _sum}/{@code _count} suffix for
 * histograms and summaries), its labels in the order written, its value and the optional
 * timestamp (ms since the epoch).
 */
public record Sample(String name, Map<String, String> labels, double value, Long timestampMs) {
  public Sample {
    labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
  }
}
