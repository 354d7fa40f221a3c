package dev.infermark.report;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The successful profiling requests' end-to-end latency per slice of the {@link Timeline}, from the send and from
 * the intended instant (p50, p99), and their schedule lag (p99, max), each request in the slice of its intended
 * instant: when the server stalls, the requests due meanwhile show it in the latency from the intended instant while
 * the one from the send stays flat. Absent when no record carries an intended instant.
 */
final class LatencyOverTime {
  private LatencyOverTime() {}

  /** The series, on the timeline's slices ({@code n} slices of {@code width} ns from slice {@code from}), or {@code null}. */
  static ObjectNode of(List<Row> rows, long t0, long width, long from, int n) {
    List<Row> measured = rows.stream().filter(r -> r.measured() && r.timed()).toList();
    if (measured.stream().noneMatch(r -> Double.isFinite(r.effectiveLatencyMs()))) {
      return null;
    }
    int[] slice = new int[measured.size()];
    for (int i = 0; i < slice.length; i++) {
      Row r = measured.get(i);
      long due = r.startNs() - (Double.isFinite(r.lagMs()) ? Math.round(r.lagMs() * 1e6) : 0);
      slice[i] = (int) Math.max(0, Math.min(n - 1, Math.floorDiv(due - t0, width) - from));
    }
    ObjectNode o = Json.object();
    series(o, "latency", measured, slice, n, Row::latencyMs, 50, 99);
    series(o, "effective_latency", measured, slice, n, Row::effectiveLatencyMs, 50, 99);
    series(o, "schedule_lag", measured, slice, n, Row::lagMs, 99, 100);
    return o;
  }

  /** {@code name_p50}, {@code name_p99}, ... ({@code name_max} for 100): the percentiles of each slice's values. */
  private static void series(ObjectNode o, String name, List<Row> rows, int[] slice, int n, ToDoubleFunction<Row> value,
      double... percentiles) {
    double[][] bySlice = new double[n][];
    int[] count = new int[n];
    for (int i = 0; i < slice.length; i++) {
      double v = value.applyAsDouble(rows.get(i));
      if (Double.isFinite(v)) {
        int k = slice[i];
        if (bySlice[k] == null) {
          bySlice[k] = new double[4];
        } else if (count[k] == bySlice[k].length) {
          bySlice[k] = Arrays.copyOf(bySlice[k], count[k] * 2);
        }
        bySlice[k][count[k]++] = v;
      }
    }
    for (double q : percentiles) {
      ArrayNode a = o.putArray(name + (q == 100 ? "_max" : "_p" + (int) q));
      for (int k = 0; k < n; k++) {
        if (count[k] == 0) {
          a.addNull();
          continue;
        }
        double[] sorted = Arrays.copyOf(bySlice[k], count[k]);
        Arrays.sort(sorted);
        Numbers.add(a, Stats.percentile(sorted, q), 4);
      }
    }
  }
}
