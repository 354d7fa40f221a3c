package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.infermark.metrics.Stats;
import dev.infermark.prometheus.MetricType;

/**
 * Every metric's per-series statistics over one window, keyed by export name, merged across
 * endpoints (each series keeps its endpoint), as in AIPerf's {@code server_metrics_export.json}:
 * counters and histograms as increases from the window's reference snapshot to its last one,
 * gauges from every sample in between. Also what the backend adapters read.
 */
public final class WindowedMetrics {
  /** One metric: its type ({@code UNTYPED} has gauge statistics), help text, unit and series. */
  public record Metric(MetricType type, String description, String unit, List<SeriesStats> series) {}

  private final Map<String, Metric> metrics;
  private final double durationSeconds;

  private WindowedMetrics(Map<String, Metric> metrics, double durationSeconds) {
    this.metrics = metrics;
    this.durationSeconds = durationSeconds;
  }

  public Map<String, Metric> metrics() {
    return metrics;
  }

  /** The longest endpoint span the statistics cover, in seconds. */
  public double durationSeconds() {
    return durationSeconds;
  }

  static WindowedMetrics of(List<EndpointStore> stores, Window window) {
    Map<String, Metric> out = new TreeMap<>();
    double longest = 0;
    for (EndpointStore store : stores) {
      if (!store.hasData()) {
        continue;
      }
      Snapshot ref = store.reference(window.startNs());
      Snapshot end = store.last(window.endNs());
      Snapshot last = end.timestampNs() < ref.timestampNs() ? ref : end;
      double seconds = (last.timestampNs() - ref.timestampNs()) / 1e9;
      longest = Math.max(longest, seconds);
      Map<EndpointStore.Key, double[]> gauges = store.gaugeValues(ref.timestampNs(), last.timestampNs());
      Map<String, Snapshot.Family> families = new LinkedHashMap<>(ref.families());
      families.putAll(last.families());
      for (Map.Entry<String, Snapshot.Family> e : families.entrySet()) {
        String name = e.getKey();
        Snapshot.Family f = e.getValue();
        List<SeriesStats> series = new ArrayList<>();
        switch (f.type()) {
          case GAUGE, UNTYPED -> gauges.forEach((k, v) -> {
            if (k.name().equals(name)) {
              series.add(new SeriesStats(last.endpoint(), k.labels(), gauge(v)));
            }
          });
          case COUNTER -> {
            Map<Map<String, String>, Double> before = scalars(ref.families().get(name));
            for (Snapshot.Series s : seriesOf(last, name)) {
              if (s instanceof Snapshot.Scalar sc) {
                double from = ref == last ? sc.value() : before.getOrDefault(sc.labels(), 0.0);
                double total = Math.max(0, sc.value() - from);
                series.add(new SeriesStats(last.endpoint(), sc.labels(),
                    new SeriesStats.Counter(total, seconds > 0 ? total / seconds : 0)));
              }
            }
          }
          case HISTOGRAM -> {
            Map<Map<String, String>, Snapshot.Histogram> before = histograms(ref.families().get(name));
            for (Snapshot.Series s : seriesOf(last, name)) {
              if (s instanceof Snapshot.Histogram h) {
                series.add(new SeriesStats(last.endpoint(), h.labels(),
                    histogram(ref == last ? h : before.get(h.labels()), h, seconds)));
              }
            }
          }
          case SUMMARY -> { }
        }
        if (series.isEmpty()) {
          continue;
        }
        Metric m = out.computeIfAbsent(name, n -> new Metric(f.type(), f.help(), Units.infer(n), new ArrayList<>()));
        m.series().addAll(series);
      }
    }
    for (Metric m : out.values()) {
      m.series().sort((a, b) -> (a.endpoint() + a.labels()).compareTo(b.endpoint() + b.labels()));
    }
    return new WindowedMetrics(out, longest);
  }

  private static List<Snapshot.Series> seriesOf(Snapshot s, String name) {
    Snapshot.Family f = s.families().get(name);
    return f == null ? List.of() : f.series();
  }

  private static Map<Map<String, String>, Double> scalars(Snapshot.Family f) {
    Map<Map<String, String>, Double> m = new HashMap<>();
    if (f != null) {
      for (Snapshot.Series s : f.series()) {
        if (s instanceof Snapshot.Scalar sc) {
          m.put(sc.labels(), sc.value());
        }
      }
    }
    return m;
  }

  private static Map<Map<String, String>, Snapshot.Histogram> histograms(Snapshot.Family f) {
    Map<Map<String, String>, Snapshot.Histogram> m = new HashMap<>();
    if (f != null) {
      for (Snapshot.Series s : f.series()) {
        if (s instanceof Snapshot.Histogram h) {
          m.put(h.labels(), h);
        }
      }
    }
    return m;
  }

  static SeriesStats.Gauge gauge(double[] v) {
    Stats s = Stats.of(v);
    double std = 0;
    if (v.length > 1) {
      double ss = 0;
      for (double x : v) {
        ss += (x - s.avg()) * (x - s.avg());
      }
      std = Math.sqrt(ss / (v.length - 1));
    }
    double[] p = {s.p1(), s.p5(), s.p10(), s.p25(), s.p50(), s.p75(), s.p90(), s.p95(), s.p99()};
    return new SeriesStats.Gauge(v.length, s.avg(), s.min(), s.max(), std, p);
  }

  /** The increase from {@code before} (absent: the series started in the window) to {@code after}. */
  static SeriesStats.Histogram histogram(Snapshot.Histogram before, Snapshot.Histogram after, double seconds) {
    double count = value(after.count()) - (before == null ? 0 : value(before.count()));
    double sum = value(after.sum()) - (before == null ? 0 : value(before.sum()));
    Map<String, Double> buckets = new LinkedHashMap<>();
    boolean reset = count < 0;
    for (Map.Entry<String, Double> b : after.buckets().entrySet()) {
      double d = b.getValue() - (before == null ? 0 : before.buckets().getOrDefault(b.getKey(), 0.0));
      reset |= d < 0;
      buckets.put(b.getKey(), d);
    }
    if (reset) {
      return new SeriesStats.Histogram(0, 0, 0, 0, null, null);
    }
    double[] est = count > 0 ? HistogramQuantile.estimates(buckets, Stats.PERCENTILES) : null;
    return new SeriesStats.Histogram(count, sum, seconds > 0 ? count / seconds : 0, seconds > 0 ? sum / seconds : 0,
        buckets, est);
  }

  private static double value(Double d) {
    return d == null ? 0 : d;
  }

  // What the backend adapters read. Every method returns null when the metric is absent.

  /** Whether any metric of this name was scraped. */
  public boolean has(String name) {
    return metrics.containsKey(name);
  }

  /** A counter's increase summed over its series (and endpoints). */
  public Double counterTotal(String name) {
    return counterTotalWhere(name, null, null);
  }

  /** A counter's increase summed over the series whose {@code label} is {@code value} ({@code null}: all). */
  public Double counterTotalWhere(String name, String label, String value) {
    Metric m = metrics.get(name);
    if (m == null || m.type() != MetricType.COUNTER) {
      return null;
    }
    double t = 0;
    boolean any = false;
    for (SeriesStats s : m.series()) {
      if (label == null || value.equals(s.labels().get(label))) {
        t += ((SeriesStats.Counter) s.values()).total();
        any = true;
      }
    }
    return any ? t : null;
  }

  /** A histogram's observation count and sum over the window, summed over its series: {count, sum}. */
  public double[] histogramTotals(String name) {
    Metric m = metrics.get(name);
    if (m == null || m.type() != MetricType.HISTOGRAM) {
      return null;
    }
    double c = 0;
    double s = 0;
    for (SeriesStats x : m.series()) {
      SeriesStats.Histogram h = (SeriesStats.Histogram) x.values();
      c += h.count();
      s += h.sum();
    }
    return new double[] {c, s};
  }

  /** A gauge's series: each one's {avg, max} in the window. */
  public List<double[]> gauges(String name) {
    Metric m = metrics.get(name);
    if (m == null || m.type() != MetricType.GAUGE && m.type() != MetricType.UNTYPED) {
      return null;
    }
    return m.series().stream().map(s -> (SeriesStats.Gauge) s.values()).map(g -> new double[] {g.avg(), g.max()}).toList();
  }

  /**
   * A histogram's distribution over the window with its series merged (bucket increases added when
   * their bounds agree; otherwise the busiest series alone): {count, avg, p50, p90, p95, p99} in
   * the metric's own unit, or {@code null} when it is absent or saw nothing.
   */
  public double[] histogramPercentiles(String name) {
    Metric m = metrics.get(name);
    if (m == null || m.type() != MetricType.HISTOGRAM) {
      return null;
    }
    Map<String, Double> merged = null;
    double count = 0;
    double sum = 0;
    SeriesStats.Histogram busiest = null;
    boolean sameBounds = true;
    for (SeriesStats x : m.series()) {
      SeriesStats.Histogram h = (SeriesStats.Histogram) x.values();
      if (h.buckets() == null) {
        continue;
      }
      if (busiest == null || h.count() > busiest.count()) {
        busiest = h;
      }
      if (merged == null) {
        merged = new LinkedHashMap<>(h.buckets());
      } else if (merged.keySet().equals(h.buckets().keySet())) {
        for (Map.Entry<String, Double> b : h.buckets().entrySet()) {
          merged.merge(b.getKey(), b.getValue(), Double::sum);
        }
      } else {
        sameBounds = false;
      }
      count += h.count();
      sum += h.sum();
    }
    if (busiest == null) {
      return null;
    }
    if (!sameBounds) {
      merged = busiest.buckets();
      count = busiest.count();
      sum = busiest.sum();
    }
    double[] est = HistogramQuantile.estimates(merged, new double[] {50, 90, 95, 99});
    if (est == null || count <= 0) {
      return null;
    }
    double[] out = Arrays.copyOf(new double[] {count, sum / count}, 6);
    System.arraycopy(est, 0, out, 2, 4);
    return out;
  }
}
