package dev.infermark.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.api.Metric;
import dev.infermark.settings.Keys;

/**
 * Goodput SLOs from {@code infermark.goodput} ({@code time_to_first_token:200,inter_token_latency:25};
 * thresholds in the metric's display unit, ms for latencies), as AIPerf's {@code --goodput} and vLLM's: a request is
 * good when it succeeded and meets every SLO: at most the threshold, or at least it for larger-is-better metrics such
 * as {@code output_token_throughput_per_user}. A request lacking a constrained metric is not good. Any per-request
 * metric may be bounded, the ones measured from the intended instant too ({@code effective_time_to_first_token:500}
 * counts the wait before the request left, as vLLM's queue-inclusive goodput does).
 */
public record Goodput(Map<String, Double> thresholds) {
  public Goodput {
    thresholds = Map.copyOf(thresholds);
  }

  /** No SLOs: goodput is not reported. */
  public static final Goodput NONE = new Goodput(Map.of());

  /**
   * Parses the setting's entries ({@code metric:threshold}; space-separated pairs also work).
   *
   * @throws IllegalArgumentException naming {@code infermark.goodput} and the bad entry
   */
  public static Goodput parse(List<String> entries) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (String entry : entries) {
      for (String pair : entry.trim().split("\\s+")) {
        if (pair.isEmpty()) {
          continue;
        }
        int c = pair.lastIndexOf(':');
        String tag = c < 0 ? pair : pair.substring(0, c).trim();
        Metric def = MetricDefs.get(tag);
        if (c <= 0 || def == null || !RecordMetrics.PER_RECORD.contains(def)) {
          throw new IllegalArgumentException(Keys.GOODPUT + ": cannot use '" + pair
              + "': expected metric:threshold with a per-request metric such as time_to_first_token:200");
        }
        if (def == Metric.INTER_CHUNK_LATENCY) { // a list per request: no one value to hold to a bound
          throw new IllegalArgumentException(Keys.GOODPUT + ": cannot use '" + pair + "': inter_chunk_latency is a list "
              + "per request; bound inter_token_latency (its mean) instead");
        }
        if (m.containsKey(tag)) {
          throw new IllegalArgumentException(Keys.GOODPUT + ": " + tag + " is bounded twice; give it once");
        }
        try {
          m.put(tag, Double.parseDouble(pair.substring(c + 1).trim()));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(Keys.GOODPUT + ": threshold of '" + pair + "' is not a number");
        }
      }
    }
    return new Goodput(m);
  }

  public boolean active() {
    return !thresholds.isEmpty();
  }

  /** Whether a successful request's metrics (display units) meet every SLO. */
  public boolean good(RecordMetrics r) {
    for (Map.Entry<String, Double> e : thresholds.entrySet()) {
      Metric m = MetricDefs.get(e.getKey());
      Double v = r.displayValue(m);
      if (v == null) {
        return false;
      }
      boolean larger = m.largerIsBetter();
      if (larger ? v < e.getValue() : v > e.getValue()) {
        return false;
      }
    }
    return true;
  }
}
