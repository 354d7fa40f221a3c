package dev.infermark.metrics;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.infermark.api.Metric;

/**
 * AIPerf's metrics, the ones the harness computes from every run's records: {@link Metric}'s constants from
 * {@link Metric#TIME_TO_FIRST_TOKEN} to {@link Metric#TOTAL_REASONING_TOKENS}, in report order (the enum's). Their
 * tags, headers, units and directions are {@link Metric}'s; this only says which constants the AIPerf exports hold.
 */
public final class MetricDefs {
  /** The AIPerf metrics, in report order: the per-request distributions, then the per-run values. */
  public static final Set<Metric> AIPERF = Collections.unmodifiableSet(
      EnumSet.range(Metric.TIME_TO_FIRST_TOKEN, Metric.TOTAL_REASONING_TOKENS));
  private static final Map<String, Metric> BY_TAG = new LinkedHashMap<>();

  static {
    for (Metric m : AIPERF) {
      BY_TAG.put(m.tag(), m);
    }
  }

  private MetricDefs() {}

  /** The AIPerf metric tagged {@code tag}, or {@code null}. */
  public static Metric get(String tag) {
    return BY_TAG.get(tag);
  }

  /** Every AIPerf tag in report order. */
  public static Iterable<String> tags() {
    return BY_TAG.keySet();
  }

  /** The per-request ones (each request's record holds a value), in report order. */
  public static List<Metric> perRecord() {
    return AIPERF.stream().filter(Metric::distribution).toList();
  }
}
