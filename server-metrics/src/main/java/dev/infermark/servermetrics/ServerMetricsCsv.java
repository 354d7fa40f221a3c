package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import dev.infermark.prometheus.MetricType;

/**
 * {@code server_metrics_export.csv} in AIPerf's layout: comment lines, then one section per type
 * (gauge, counter, histogram, unknown) separated by a blank line, each with its own header
 * ({@code Endpoint,Type,Metric,Unit}, the type's statistics, one column per label,
 * {@code Description}, and {@code buckets} for histograms), then {@code _info} metrics transposed
 * ({@code Endpoint,Metric,Key,Value,Description}).
 */
final class ServerMetricsCsv {
  private static final List<String> GAUGE = List.of("avg", "min", "max", "std", "p1", "p5", "p10", "p25", "p50", "p75",
      "p90", "p95", "p99");
  private static final List<String> COUNTER = List.of("total", "rate");
  private static final List<String> HISTOGRAM = List.of("count", "count_rate", "sum", "sum_rate", "avg", "p1_estimate",
      "p5_estimate", "p10_estimate", "p25_estimate", "p50_estimate", "p75_estimate", "p90_estimate", "p95_estimate",
      "p99_estimate");

  private record Row(String name, WindowedMetrics.Metric metric, SeriesStats series) {}

  private ServerMetricsCsv() {}

  static String render(WindowedMetrics wm, String benchmarkId) {
    StringBuilder b = new StringBuilder();
    b.append("# infermark Server Metrics Export (CSV), in AIPerf's layout\n");
    b.append("# schema_version: 1.0\n");
    b.append("# benchmark_id: ").append(benchmarkId).append('\n');
    b.append("#\n");
    List<Row> gauges = new ArrayList<>();
    List<Row> counters = new ArrayList<>();
    List<Row> histograms = new ArrayList<>();
    List<Row> unknown = new ArrayList<>();
    List<Row> info = new ArrayList<>();
    wm.metrics().forEach((name, m) -> {
      for (SeriesStats s : m.series()) {
        Row r = new Row(name, m, s);
        if (name.endsWith("_info") && (m.type() == MetricType.GAUGE || m.type() == MetricType.UNTYPED)) {
          info.add(r);
        } else {
          (switch (m.type()) {
            case COUNTER -> counters;
            case HISTOGRAM -> histograms;
            case UNTYPED -> unknown;
            default -> gauges;
          }).add(r);
        }
      }
    });
    boolean first = true;
    for (var section : List.of(Map.entry("gauge", gauges), Map.entry("counter", counters),
        Map.entry("histogram", histograms), Map.entry("unknown", unknown))) {
      if (section.getValue().isEmpty()) {
        continue;
      }
      if (!first) {
        b.append("\r\n");
      }
      first = false;
      section(b, section.getKey(), section.getValue());
    }
    if (!info.isEmpty()) {
      if (!first) {
        b.append("\r\n");
      }
      row(b, List.of("Endpoint", "Metric", "Key", "Value", "Description"));
      for (Row r : info) {
        new TreeSet<>(r.series().labels().keySet()).forEach(k -> row(b, List.of(r.series().endpoint(), r.name(), k,
            r.series().labels().get(k), r.metric().description())));
      }
    }
    return b.toString();
  }

  private static void section(StringBuilder b, String type, List<Row> rows) {
    List<String> stats = switch (type) {
      case "counter" -> COUNTER;
      case "histogram" -> HISTOGRAM;
      default -> GAUGE;
    };
    TreeSet<String> labelKeys = new TreeSet<>();
    rows.forEach(r -> labelKeys.addAll(r.series().labels().keySet()));
    List<String> header = new ArrayList<>(List.of("Endpoint", "Type", "Metric", "Unit"));
    header.addAll(stats);
    header.addAll(labelKeys);
    header.add("Description");
    if (type.equals("histogram")) {
      header.add("buckets");
    }
    row(b, header);
    for (Row r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.series().endpoint(), type, r.name(),
          r.metric().unit() == null ? "" : r.metric().unit()));
      for (String s : stats) {
        cells.add(stat(r.series().values(), s));
      }
      for (String k : labelKeys) {
        cells.add(r.series().labels().getOrDefault(k, ""));
      }
      cells.add(r.metric().description());
      if (type.equals("histogram")) {
        SeriesStats.Histogram h = (SeriesStats.Histogram) r.series().values();
        StringBuilder bk = new StringBuilder();
        if (h.buckets() != null) {
          h.buckets().forEach((le, c) -> bk.append(bk.isEmpty() ? "" : ";").append(le).append('=').append(Math.round(c)));
        }
        cells.add(bk.toString());
      }
      row(b, cells);
    }
  }

  private static String stat(SeriesStats.Values v, String s) {
    return switch (v) {
      case SeriesStats.Gauge g -> switch (s) {
        case "avg" -> num(g.avg());
        case "min" -> num(g.min());
        case "max" -> num(g.max());
        case "std" -> num(g.std());
        default -> num(g.percentiles()[GAUGE.indexOf(s) - 4]);
      };
      case SeriesStats.Counter c -> s.equals("total") ? num(c.total()) : num(c.rate());
      case SeriesStats.Histogram h -> switch (s) {
        case "count" -> Long.toString(Math.round(h.count()));
        case "count_rate" -> h.count() > 0 ? num(h.countRate()) : "";
        case "sum" -> h.count() > 0 ? num(h.sum()) : "";
        case "sum_rate" -> h.count() > 0 ? num(h.sumRate()) : "";
        case "avg" -> h.avg() == null ? "" : num(h.avg());
        default -> h.estimates() == null ? "" : num(h.estimates()[HISTOGRAM.indexOf(s) - 5]);
      };
    };
  }

  /** AIPerf's cell format: four decimals. */
  private static String num(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  private static void row(StringBuilder b, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      String c = cells.get(i) == null ? "" : cells.get(i);
      if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
        b.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        b.append(c);
      }
    }
    b.append("\r\n");
  }
}
