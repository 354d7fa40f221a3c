package dev.infermark.servermetrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import dev.infermark.prometheus.MetricType;

/**
 * Writes AIPerf's server-metrics files: {@code server_metrics_export.json} (statistics per series
 * over the window, the shape InferenceX reads: {@code metrics.<name>.series[].stats.total|avg|max...}),
 * {@code server_metrics_export.csv} and {@code server_metrics_metadata.json}; ours adds a
 * {@code derived} block (the figures and cross-checks) to the JSON.
 */
public final class ServerMetricsExport {
  public static final String JSON = "server_metrics_export.json";
  public static final String CSV = "server_metrics_export.csv";
  public static final String JSONL = "server_metrics_export.jsonl";
  public static final String METADATA = "server_metrics_metadata.json";
  private static final String[] P = {"p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99"};
  private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS");

  private ServerMetricsExport() {}

  static ServerMetricsReport write(Path dir, List<EndpointStore> stores, Window window, ClientTotals client,
      String benchmarkId, long startNs, long endNs) throws IOException {
    WindowedMetrics wm = WindowedMetrics.of(stores, window);
    DerivedFigures derived = BackendAdapter.derive(wm);
    List<CrossCheck.Result> checks = CrossCheck.check(derived, client);
    if (stores.stream().noneMatch(EndpointStore::hasData)) {
      return new ServerMetricsReport(List.of(), derived, checks);
    }
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    Path current = dir.resolve(JSON);
    try {
      ObjectNode json = json(stores, wm, benchmarkId, startNs, endNs);
      ObjectNode d = derived.toJson();
      ObjectNode w = d.putObject("window");
      w.put("start_ns", window.startNs()).put("end_ns", window.endNs()).put("duration_seconds", wm.durationSeconds())
          .put("source", window.marked() ? "profiling phase marks" : "whole recording");
      d.set("cross_checks", CrossCheck.toJson(checks));
      json.set("derived", d);
      AtomicFile.write(current, out -> Json.PRETTY.writeValue(out, json));
      files.add(current);
      current = dir.resolve(CSV);
      AtomicFile.writeString(current, ServerMetricsCsv.render(wm, benchmarkId));
      files.add(current);
      current = dir.resolve(METADATA);
      ObjectNode md = metadata(stores);
      AtomicFile.write(current, out -> Json.PRETTY.writeValue(out, md));
      files.add(current);
    } catch (RuntimeException e) {
      throw new IOException("cannot write " + current + ": " + e.getMessage(), e);
    }
    return new ServerMetricsReport(files, derived, checks);
  }

  static ObjectNode json(List<EndpointStore> stores, WindowedMetrics wm, String benchmarkId, long startNs, long endNs) {
    ObjectNode o = Json.object();
    o.put("schema_version", "1.0");
    if (benchmarkId != null) {
      o.put("benchmark_id", benchmarkId);
    }
    ObjectNode summary = o.putObject("summary");
    ArrayNode configured = summary.putArray("endpoints_configured");
    ArrayNode successful = summary.putArray("endpoints_successful");
    summary.put("start_time", time(startNs));
    summary.put("end_time", time(endNs));
    ObjectNode info = summary.putObject("endpoint_info");
    for (EndpointStore s : stores) {
      configured.add(s.configuredUrl);
      if (s.hasData()) {
        String url = s.last(Long.MAX_VALUE).endpoint();
        successful.add(url);
        info.set(url, s.info());
      }
    }
    ObjectNode metrics = o.putObject("metrics");
    wm.metrics().forEach((name, m) -> {
      ObjectNode mo = metrics.putObject(name);
      mo.put("type", m.type() == MetricType.UNTYPED ? "gauge" : m.type().label());
      mo.put("description", m.description());
      if (m.unit() != null) {
        mo.put("unit", m.unit());
      }
      ArrayNode series = mo.putArray("series");
      for (SeriesStats s : m.series()) {
        series.add(series(s));
      }
    });
    return o;
  }

  private static ObjectNode series(SeriesStats s) {
    ObjectNode o = Json.object();
    o.put("endpoint_url", s.endpoint());
    if (!s.labels().isEmpty()) {
      ObjectNode l = o.putObject("labels");
      s.labels().forEach(l::put);
    }
    ObjectNode st = o.putObject("stats");
    switch (s.values()) {
      case SeriesStats.Gauge g -> {
        st.put("avg", g.avg()).put("min", g.min()).put("max", g.max()).put("std", g.std());
        for (int i = 0; i < P.length; i++) {
          st.put(P[i], g.percentiles()[i]);
        }
      }
      case SeriesStats.Counter c -> st.put("total", c.total()).put("rate", c.rate());
      case SeriesStats.Histogram h -> {
        st.put("count", Math.round(h.count()));
        if (h.count() > 0) {
          st.put("sum", h.sum()).put("avg", h.avg()).put("count_rate", h.countRate()).put("sum_rate", h.sumRate());
          if (h.estimates() != null) {
            for (int i = 0; i < P.length; i++) {
              st.put(P[i] + "_estimate", h.estimates()[i]);
            }
          }
        }
        if (h.buckets() != null) {
          ObjectNode b = o.putObject("buckets");
          h.buckets().forEach((le, c) -> b.put(le, Math.round(c)));
        }
      }
    }
    return o;
  }

  static ObjectNode metadata(List<EndpointStore> stores) {
    ObjectNode o = Json.object();
    ObjectNode endpoints = o.putObject("endpoints");
    for (EndpointStore s : stores) {
      if (!s.hasData()) {
        continue;
      }
      String url = s.last(Long.MAX_VALUE).endpoint();
      ObjectNode e = endpoints.putObject(url);
      e.put("endpoint_url", url);
      e.put("endpoint_display", url);
      ObjectNode infos = e.putObject("info_metrics");
      ObjectNode schemas = e.putObject("metric_schemas");
      for (Map.Entry<String, EndpointStore.Schema> m : s.schemas().entrySet()) {
        EndpointStore.Schema sc = m.getValue();
        if (m.getKey().endsWith("_info")) {
          ObjectNode i = infos.putObject(m.getKey());
          i.put("description", sc.help);
          ArrayNode labels = i.putArray("labels");
          sc.infoLabels.forEach(l -> {
            ObjectNode lo = labels.addObject();
            l.forEach(lo::put);
          });
          continue;
        }
        ObjectNode so = schemas.putObject(m.getKey());
        so.put("type", sc.type == MetricType.UNTYPED ? "unknown" : sc.type.label());
        so.put("description", sc.help);
        so.put("help", sc.help);
        if (!sc.bucketLabels.isEmpty()) {
          sc.bucketLabels.forEach(so.putArray("bucket_labels")::add);
        }
        if (!sc.quantileLabels.isEmpty()) {
          sc.quantileLabels.forEach(so.putArray("quantile_labels")::add);
        }
        ObjectNode values = so.putObject("unique_label_values");
        sc.labelValues.forEach((k, v) -> v.forEach(values.withArrayProperty(k)::add));
      }
    }
    return o;
  }

  /** AIPerf's {@code start_time}/{@code end_time}: local date-time with microseconds. */
  static String time(long epochNs) {
    Instant i = Instant.ofEpochSecond(epochNs / 1_000_000_000L, epochNs % 1_000_000_000L);
    return LocalDateTime.ofInstant(i, ZoneId.systemDefault()).format(ISO);
  }

  /** Column names of the percentiles. */
  static String[] percentileNames() {
    return P.clone();
  }

  static {
    if (Stats.PERCENTILES.length != P.length) {
      throw new IllegalStateException("percentile names out of step with Stats.PERCENTILES");
    }
  }
}
