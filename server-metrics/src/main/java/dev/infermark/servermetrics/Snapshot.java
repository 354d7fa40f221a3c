package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.Sample;
import dev.infermark.prometheus.MetricType;

/**
 * One scrape of one endpoint in AIPerf's shape: families keyed by their export name, counters and
 * gauges as one value per label set, histograms as cumulative buckets with sum and count. As AIPerf
 * does, {@code *_created} and {@code *_uptime} families, summaries and non-finite samples are left out.
 *
 * @param timestampNs when the server produced it (first byte of the response), epoch ns
 * @param requestSentNs when the request left, epoch ns
 * @param latencyNs request sent to body read
 */
public record Snapshot(String endpoint, long timestampNs, long requestSentNs, long latencyNs, Map<String, Family> families) {

  /** One family: its type ({@code UNTYPED} stays so), help text and series. */
  public record Family(MetricType type, String help, List<Series> series) {}

  /** One label set's value(s); labels sorted by name, {@code le} removed from histograms. */
  public sealed interface Series permits Scalar, Histogram {
    Map<String, String> labels();
  }

  public record Scalar(Map<String, String> labels, double value) implements Series {}

  /** Cumulative bucket counts by {@code le} text in exposition order; {@code sum}/{@code count} may be absent. */
  public record Histogram(Map<String, String> labels, Map<String, Double> buckets, Double sum, Double count)
      implements Series {}

  /** Whether AIPerf skips a family by name (creation times and uptimes are not metrics). */
  static boolean skipped(String exportName) {
    return exportName.endsWith("_created") || exportName.endsWith("_uptime") || exportName.contains("_uptime_");
  }

  /**
   * The families of one scrape in export shape.
   *
   * @param nonFinite told each metric name that lost NaN/Inf samples (a histogram loses the whole label set)
   */
  public static Map<String, Family> families(List<MetricFamily> parsed, Consumer<String> nonFinite) {
    Map<String, Family> out = new LinkedHashMap<>();
    for (MetricFamily f : parsed) {
      String name = f.exportName();
      if (skipped(name) || f.type() == MetricType.SUMMARY) {
        continue;
      }
      List<Series> series = f.type() == MetricType.HISTOGRAM ? histograms(f, nonFinite) : scalars(f, nonFinite);
      if (!series.isEmpty()) {
        out.put(name, new Family(f.type(), f.help(), series));
      }
    }
    return out;
  }

  private static List<Series> scalars(MetricFamily f, Consumer<String> nonFinite) {
    Map<Map<String, String>, Double> byLabels = new LinkedHashMap<>();
    boolean dropped = false;
    for (Sample s : f.samples()) {
      if (s.name().endsWith("_created")) {
        continue;
      }
      if (!Double.isFinite(s.value())) {
        dropped = true;
        continue;
      }
      byLabels.put(sorted(s.labels(), null), s.value());
    }
    if (dropped) {
      nonFinite.accept(f.exportName());
    }
    List<Series> out = new ArrayList<>();
    byLabels.forEach((l, v) -> out.add(new Scalar(l, v)));
    return out;
  }

  private static List<Series> histograms(MetricFamily f, Consumer<String> nonFinite) {
    record Acc(Map<String, Double> buckets, Double[] sumCount) {}
    Map<Map<String, String>, Acc> byLabels = new LinkedHashMap<>();
    Set<Map<String, String>> tainted = new java.util.HashSet<>();
    for (Sample s : f.samples()) {
      Map<String, String> base = sorted(s.labels(), "le");
      if (!Double.isFinite(s.value())) {
        tainted.add(base);
        continue;
      }
      Acc a = byLabels.computeIfAbsent(base, k -> new Acc(new LinkedHashMap<>(), new Double[2]));
      if (s.name().endsWith("_bucket")) {
        a.buckets().put(s.labels().get("le"), s.value());
      } else if (s.name().endsWith("_sum")) {
        a.sumCount()[0] = s.value();
      } else if (s.name().endsWith("_count")) {
        a.sumCount()[1] = s.value();
      }
    }
    if (!tainted.isEmpty()) {
      nonFinite.accept(f.exportName());
    }
    List<Series> out = new ArrayList<>();
    byLabels.forEach((l, a) -> {
      if (!tainted.contains(l)) {
        out.add(new Histogram(l, a.buckets(), a.sumCount()[0], a.sumCount()[1]));
      }
    });
    return out;
  }

  private static Map<String, String> sorted(Map<String, String> labels, String without) {
    Map<String, String> m = new TreeMap<>(labels);
    if (without != null) {
      m.remove(without);
    }
    return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
