package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.Sample;
import dev.infermark.prometheus.MetricType;

/**
 * What one endpoint's scrapes leave behind, in bounded memory: every gauge value (statistics need
 * them all), but whole snapshots only where a window can start or end (the first, the latest, the
 * one taken at each phase mark, and the latest one before each mark); the schemas for the metadata
 * file; fetch counts for {@code endpoint_info}. Thread-safe.
 */
final class EndpointStore {
  static final int MAX_LABEL_VALUES = 1000;

  /** A gauge series' values over time. */
  static final class Track {
    long[] ts = new long[16];
    double[] values = new double[16];
    int n;

    void add(long t, double v) {
      if (n == ts.length) {
        ts = Arrays.copyOf(ts, n * 2);
        values = Arrays.copyOf(values, n * 2);
      }
      ts[n] = t;
      values[n++] = v;
    }
  }

  /** A metric's schema as first seen, with the label values met (capped per label). */
  static final class Schema {
    final MetricType type;
    final String help;
    final Set<String> bucketLabels = new LinkedHashSet<>();
    final Set<String> quantileLabels = new LinkedHashSet<>();
    final Map<String, Set<String>> labelValues = new TreeMap<>();
    final List<Map<String, String>> infoLabels = new ArrayList<>();

    Schema(MetricType type, String help) {
      this.type = type;
      this.help = help;
    }
  }

  record Key(String name, Map<String, String> labels) {}

  final String configuredUrl;
  private Snapshot first;
  private Snapshot latest;
  private final TreeMap<Long, Snapshot> atMark = new TreeMap<>();
  private final TreeMap<Long, Snapshot> beforeMark = new TreeMap<>();
  private final Map<Key, Track> gauges = new LinkedHashMap<>();
  private final Map<String, Schema> schemas = new TreeMap<>();
  private long fetches;
  private long firstFetchNs = -1;
  private long lastFetchNs;
  private long latencySumNs;
  private long updates;
  private long firstUpdateNs = -1;
  private long lastUpdateNs;
  private final List<Long> updateIntervals = new ArrayList<>();

  EndpointStore(String configuredUrl) {
    this.configuredUrl = configuredUrl;
  }

  /** Counts one fetch, successful or not. */
  synchronized void fetched(long sentNs, long latencyNs) {
    fetches++;
    if (firstFetchNs < 0) {
      firstFetchNs = sentNs;
    }
    lastFetchNs = sentNs;
    latencySumNs += latencyNs;
  }

  /** Keeps a successful scrape; {@code markNs} is the phase mark it was taken for, or {@code null}. */
  synchronized void add(Snapshot s, List<MetricFamily> parsed, boolean changed, Long markNs) {
    if (first == null) {
      first = s;
    }
    latest = s;
    if (markNs != null) {
      atMark.put(markNs, s);
    }
    if (changed) {
      updates++;
      if (firstUpdateNs < 0) {
        firstUpdateNs = s.timestampNs();
      } else {
        updateIntervals.add(s.timestampNs() - lastUpdateNs);
      }
      lastUpdateNs = s.timestampNs();
    }
    s.families().forEach((name, f) -> {
      if (f.type() == MetricType.GAUGE || f.type() == MetricType.UNTYPED) {
        for (Snapshot.Series series : f.series()) {
          if (series instanceof Snapshot.Scalar sc) {
            gauges.computeIfAbsent(new Key(name, sc.labels()), k -> new Track()).add(s.timestampNs(), sc.value());
          }
        }
      }
    });
    for (MetricFamily f : parsed) {
      String name = f.exportName();
      if (Snapshot.skipped(name)) {
        continue;
      }
      Schema schema = schemas.computeIfAbsent(name, n -> new Schema(f.type(), f.help()));
      for (Sample sample : f.samples()) {
        sample.labels().forEach((k, v) -> {
          if (k.equals("le") && f.type() == MetricType.HISTOGRAM) {
            schema.bucketLabels.add(v);
          } else if (k.equals("quantile") && f.type() == MetricType.SUMMARY) {
            schema.quantileLabels.add(v);
          } else {
            Set<String> values = schema.labelValues.computeIfAbsent(k, x -> new LinkedHashSet<>());
            if (values.size() < MAX_LABEL_VALUES) {
              values.add(v);
            }
          }
        });
        if (name.endsWith("_info") && schema.infoLabels.size() < MAX_LABEL_VALUES
            && !schema.infoLabels.contains(sample.labels())) {
          schema.infoLabels.add(new TreeMap<>(sample.labels()));
        }
      }
    }
  }

  /** Notes a phase mark: the latest snapshot so far stands in if the scrape for the mark fails. */
  synchronized void marked(long markNs) {
    if (latest != null) {
      beforeMark.put(markNs, latest);
    }
  }

  synchronized boolean hasData() {
    return latest != null;
  }

  /** The snapshot a window starting at {@code startNs} counts from: the one taken for that mark, else the last before it, else the first. */
  synchronized Snapshot reference(long startNs) {
    Snapshot s = atMark.get(startNs);
    if (s == null) {
      s = beforeMark.get(startNs);
    }
    return s != null ? s : first;
  }

  /** The snapshot a window ending at {@code endNs} counts to: the one taken for that mark, else the latest. */
  synchronized Snapshot last(long endNs) {
    Snapshot s = atMark.get(endNs);
    return s != null ? s : latest;
  }

  /** Gauge values with timestamps in {@code [fromNs, toNs]}, by series. */
  synchronized Map<Key, double[]> gaugeValues(long fromNs, long toNs) {
    Map<Key, double[]> out = new LinkedHashMap<>();
    gauges.forEach((k, t) -> {
      double[] v = new double[t.n];
      int m = 0;
      for (int i = 0; i < t.n; i++) {
        if (t.ts[i] >= fromNs && t.ts[i] <= toNs) {
          v[m++] = t.values[i];
        }
      }
      if (m > 0) {
        out.put(k, Arrays.copyOf(v, m));
      }
    });
    return out;
  }

  synchronized Map<String, Schema> schemas() {
    return new TreeMap<>(schemas);
  }

  /** AIPerf's {@code endpoint_info} block; {@code null} before the first fetch. */
  synchronized tools.jackson.databind.node.ObjectNode info() {
    if (fetches == 0) {
      return null;
    }
    var o = dev.infermark.json.Json.object();
    o.put("total_fetches", fetches);
    o.put("first_fetch_ns", firstFetchNs);
    o.put("last_fetch_ns", lastFetchNs);
    o.put("avg_fetch_latency_ms", latencySumNs / 1e6 / fetches);
    o.put("unique_updates", updates);
    if (updates > 0) {
      o.put("first_update_ns", firstUpdateNs);
      o.put("last_update_ns", lastUpdateNs);
      o.put("duration_seconds", (lastUpdateNs - firstUpdateNs) / 1e9);
      if (!updateIntervals.isEmpty()) {
        o.put("avg_update_interval_ms", updateIntervals.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6);
      }
      if (updateIntervals.size() >= 2) {
        long[] sorted = updateIntervals.stream().mapToLong(Long::longValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        o.put("median_update_interval_ms", median / 1e6);
      }
    }
    return o;
  }
}
