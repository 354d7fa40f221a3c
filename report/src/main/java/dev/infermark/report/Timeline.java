package dev.infermark.report;

import java.util.List;
import java.util.Map;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The run over time in slices (1 s; 100 ms for runs shorter than {@link #SHORT_RUN_S} s, whole
 * seconds for runs longer than {@link #MAX_SLICES} s): t = 0 is
 * the first profiling request's start, warmup lies before it (or between AgentPerf's phases).
 * Completions, errors and cache hits count profiling requests only; in-flight counts are the mean
 * number of requests on the wire during the slice, profiling and warmup apart. Rates and means of
 * the first and last slices are over the part of the slice the run covered.
 */
final class Timeline {
  static final int MAX_SLICES = 20_000;
  static final int SHORT_RUN_S = 5;
  private static final long SECOND = 1_000_000_000L;

  private Timeline() {}

  /** The profiling start (epoch ns), else the first request's start; {@link Row#ABSENT} without timed rows. */
  static long origin(List<Row> rows) {
    long prof = Long.MAX_VALUE;
    long any = Long.MAX_VALUE;
    for (Row r : rows) {
      if (r.timed()) {
        any = Math.min(any, r.startNs());
        if (!r.warmup()) {
          prof = Math.min(prof, r.startNs());
        }
      }
    }
    return prof != Long.MAX_VALUE ? prof : any != Long.MAX_VALUE ? any : Row.ABSENT;
  }

  /** The run over time; {@code null} without timed requests or when they span less than a second. */
  static ObjectNode of(List<Row> rows, Map<Long, Double> tokenTicks, long t0) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (Row r : rows) {
      if (r.timed()) {
        first = Math.min(first, r.startNs());
        last = Math.max(last, r.endNs());
      }
    }
    long span = last - first;
    if (first == Long.MAX_VALUE || span < SECOND) {
      return null; // under a second there is no "over time" to draw
    }
    long width = span < SHORT_RUN_S * SECOND ? SECOND / 10
        : SECOND * Math.max(1, (span / SECOND + 1 + MAX_SLICES - 1) / MAX_SLICES);
    long from = Math.floorDiv(first - t0, width);
    int n = (int) (Math.floorDiv(last - t0, width) - from + 1);
    double[] done = new double[n];
    double[] failed = new double[n];
    double[] inflight = new double[n];
    double[] inflightWarmup = new double[n];
    double[] tokens = new double[n];
    double[] cached = new double[n];
    double[] prompt = new double[n];
    boolean anyWarmup = false;
    boolean anyCache = false;
    for (Row r : rows) {
      if (!r.timed()) {
        continue;
      }
      anyWarmup |= r.warmup();
      double[] on = r.warmup() ? inflightWarmup : inflight;
      long s = r.startNs() - t0;
      long e = r.endNs() - t0;
      for (long k = Math.floorDiv(s, width); k <= Math.floorDiv(e, width); k++) {
        long lo = Math.max(s, k * width);
        long hi = Math.min(e, (k + 1) * width);
        if (hi > lo) {
          on[(int) (k - from)] += (hi - lo) / (double) width;
        }
      }
      if (r.warmup()) {
        continue;
      }
      int end = (int) (Math.floorDiv(e, width) - from);
      (r.failed() ? failed : done)[end] += 1;
      if (!r.failed() && Double.isFinite(r.cachedTokens()) && Double.isFinite(r.inputTokens()) && r.inputTokens() > 0) {
        int st = (int) (Math.floorDiv(s, width) - from);
        cached[st] += r.cachedTokens();
        prompt[st] += r.inputTokens();
        anyCache = true;
      }
    }
    for (Map.Entry<Long, Double> t : tokenTicks.entrySet()) {
      long k = Math.floorDiv(t.getKey() * RunFolder.TICK_NS - t0, width) - from;
      if (k >= 0 && k < n) {
        tokens[(int) k] += t.getValue();
      }
    }
    // The first and last slices are cut by the run's start and end: their rates are over the part
    // the run covered (under half a slice has none: a rate over a sliver magnifies one event).
    double[] covered = new double[n];
    for (int i = 0; i < n; i++) {
      long lo = Math.max(first - t0, (from + i) * width);
      long hi = Math.min(last - t0, (from + i + 1) * width);
      covered[i] = Math.max(0, hi - lo) / (double) width;
    }
    double perSecond = SECOND / (double) width;
    ObjectNode o = Json.object();
    o.put("slice_s", width / (double) SECOND);
    ArrayNode t = o.putArray("t");
    for (int i = 0; i < n; i++) {
      t.add((from + i) * width / (double) SECOND);
    }
    series(o, "completed", done, perSecond, covered);
    series(o, "failed", failed, perSecond, covered);
    series(o, "output_tps", tokens, perSecond, covered);
    series(o, "inflight", inflight, 1, covered);
    if (anyWarmup) {
      series(o, "inflight_warmup", inflightWarmup, 1, covered);
    }
    if (anyCache) {
      ArrayNode hit = o.putArray("cache_hit");
      double c = 0;
      double p = 0;
      for (int i = 0; i < n; i++) {
        Numbers.add(hit, prompt[i] > 0 ? cached[i] / prompt[i] : Double.NaN, 4);
        c += cached[i];
        p += prompt[i];
      }
      o.put("cache_hit_overall", Numbers.round(c / p, 4));
    }
    ObjectNode latency = LatencyOverTime.of(rows, t0, width, from, n);
    if (latency != null) {
      o.set("latency", latency);
    }
    groups(o, rows, t0);
    return o;
  }

  /** A methodology's load levels (AgentPerf phases) as spans of time, in order, for bands on the charts. */
  private static void groups(ObjectNode o, List<Row> rows, long t0) {
    Map<String, long[]> spans = new java.util.LinkedHashMap<>();
    Map<String, String> labels = new java.util.HashMap<>();
    for (Row r : rows) {
      if (r.group() != null && r.timed()) {
        long[] s = spans.computeIfAbsent(r.group(), g -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
        s[0] = Math.min(s[0], r.startNs());
        s[1] = Math.max(s[1], r.endNs());
        labels.put(r.group(), r.groupLabel());
      }
    }
    if (spans.isEmpty()) {
      return;
    }
    ArrayNode a = o.putArray("groups");
    spans.entrySet().stream().sorted(Map.Entry.comparingByValue(java.util.Comparator.comparingLong(s -> s[0])))
        .forEach(e -> {
          ObjectNode g = a.addObject();
          g.put("group", e.getKey());
          g.put("label", labels.get(e.getKey()));
          g.put("from", Math.round((e.getValue()[0] - t0) / 1e6) / 1000.0);
          g.put("to", Math.round((e.getValue()[1] - t0) / 1e6) / 1000.0);
        });
  }

  private static void series(ObjectNode o, String name, double[] v, double scale, double[] covered) {
    ArrayNode a = o.putArray(name);
    for (int i = 0; i < v.length; i++) {
      Numbers.add(a, covered[i] < 0.5 ? Double.NaN : v[i] * scale / covered[i], 5);
    }
  }
}
