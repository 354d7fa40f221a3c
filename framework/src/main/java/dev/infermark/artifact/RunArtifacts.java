package dev.infermark.artifact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.infermark.json.Json;
import dev.infermark.metrics.ErrorCount;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.Summary;
import dev.infermark.run.RunInfo;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Builds the end-of-run artifacts' content: {@code profile_export_aiperf.json}, the CSV and the console table. */
public final class RunArtifacts {
  /** The version of the JSON layout infermark writes. */
  public static final String SCHEMA_VERSION = "1.0";
  private static final List<String> CSV_STATS =
      List.of("avg", "min", "max", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "std");

  private RunArtifacts() {}

  /**
   * {@code profile_export_aiperf.json} (agentx spec §4.4) with the methodology's extras merged;
   * {@code start_time}/{@code end_time} are the profiling phase's ({@code null} when it never started).
   */
  public static ObjectNode aiperfJson(RunInfo info, ProfilingWindow window, Summary profiling, Summary warmup,
      SelfCheckResult selfCheck, long droppedInputs) {
    ObjectNode root = Json.object();
    root.put("schema_version", SCHEMA_VERSION);
    root.put("producer", "infermark");
    root.put("benchmark_id", info.benchmarkId());
    metrics(root, profiling);
    root.set("input_config", Json.MAPPER.valueToTree(info.settings()));
    ObjectNode run = root.putObject("run_info");
    run.put("benchmark_id", info.benchmarkId());
    run.put("random_seed", info.seed());
    run.put("trial", info.trial());
    run.put("scenario", info.scenario());
    root.put("was_cancelled", info.cancelled());
    root.put("is_complete", !info.cancelled());
    if (info.cancelled()) {
      root.put("incomplete_reason", "cancelled");
    } else {
      root.putNull("incomplete_reason");
    }
    root.set("error_summary", errorSummary(profiling));
    java.time.Instant start = window.start();
    java.time.Instant end = window.end();
    root.put("start_time", start == null ? null : start.toString());
    root.put("end_time", end == null ? null : end.toString());
    root.putNull("telemetry_data");
    if (warmup != null && (warmup.requestCount() > 0 || warmup.errorCount() > 0)) {
      ObjectNode w = root.putObject("warmup_metrics");
      metrics(w, warmup);
      w.set("error_summary", errorSummary(warmup));
    } else {
      root.putNull("warmup_metrics");
    }
    ObjectNode md = root.putObject("metadata");
    md.put("scenario", info.scenario());
    info.verdict().ifPresent(v -> {
      md.put("submission_valid", v.valid());
      if (!v.valid()) {
        ArrayNode r = md.putArray("submission_invalid_reasons");
        v.reasons().forEach(r::add);
      }
    });
    if (selfCheck != null) {
      md.set("client_self_check", Json.MAPPER.valueToTree(selfCheckMap(selfCheck)));
    }
    if (droppedInputs > 0) {
      md.put("inputs_dropped_payloads", droppedInputs);
    }
    merge(root, info.extras());
    return root;
  }

  /** Merges top-level keys; {@code metadata} merges key by key. */
  static void merge(ObjectNode root, ObjectNode extras) {
    if (extras == null) {
      return;
    }
    for (Map.Entry<String, JsonNode> e : extras.properties()) {
      JsonNode existing = root.get(e.getKey());
      if (e.getKey().equals("metadata") && existing instanceof ObjectNode md && e.getValue().isObject()) {
        e.getValue().properties().forEach(m -> md.set(m.getKey(), m.getValue()));
      } else {
        root.set(e.getKey(), e.getValue());
      }
    }
  }

  private static void metrics(ObjectNode into, Summary s) {
    for (MetricValue m : s.metrics()) {
      ObjectNode o = into.putObject(m.tag());
      o.put("unit", m.unit());
      switch (m) {
        case MetricValue.Scalar sc -> o.put("avg", sc.value());
        case MetricValue.Distribution d -> {
          Stats st = d.stats();
          for (String name : Stats.NAMES) {
            o.put(name, st.get(name));
          }
          o.put("count", st.count());
          o.put("sum", st.sum());
          if (!d.precision().equals("exact")) {
            o.put("precision", d.precision());
          }
        }
      }
    }
  }

  private static ArrayNode errorSummary(Summary s) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    for (ErrorCount e : s.errors()) {
      ObjectNode o = a.addObject();
      ObjectNode d = o.putObject("error_details");
      d.put("code", e.code());
      d.put("type", e.type());
      d.put("message", e.message());
      d.put("kind", e.kind().name().toLowerCase(Locale.ROOT));
      o.put("count", e.count());
    }
    return a;
  }

  static Map<String, Object> selfCheckMap(SelfCheckResult r) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("scheduler_lag_p50_ms", r.schedulerLagP50Ms());
    m.put("scheduler_lag_p99_ms", r.schedulerLagP99Ms());
    m.put("scheduler_lag_max_ms", r.schedulerLagMaxMs());
    m.put("connection_wait_p50_ms", r.poolWaitP50Ms());
    m.put("connection_wait_p99_ms", r.poolWaitP99Ms());
    m.put("connection_wait_max_ms", r.poolWaitMaxMs());
    m.put("cpu_cores", r.cpuCores());
    m.put("cpu_fraction", r.cpuFraction());
    m.put("cpu_us_per_read", r.cpuUsPerRead());
    m.put("reads", r.reads());
    m.put("processors", r.processors());
    m.put("warning", r.warning());
    m.values().removeIf(java.util.Objects::isNull);
    return m;
  }

  /** {@code profile_export_aiperf.csv}: distributions table, a blank line, then scalars. */
  public static String csv(Summary s) {
    StringBuilder sb = new StringBuilder("Metric," + String.join(",", CSV_STATS) + "\n");
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Distribution d) {
        sb.append(csvField(d.header() + " (" + d.unit() + ")"));
        for (String stat : CSV_STATS) {
          sb.append(',').append(num(d.stats().get(stat)));
        }
        sb.append('\n');
      }
    }
    sb.append("\nMetric,Value\n");
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Scalar sc) {
        sb.append(csvField(sc.header() + " (" + sc.unit() + ")")).append(',').append(num(sc.value())).append('\n');
      }
    }
    return sb.toString();
  }

  /** The console table: distributions with avg/min/max/p99/p90/p50/std, scalars, errors, the self-check. */
  public static List<String> consoleTable(String title, Summary s, SelfCheckResult selfCheck) {
    List<String> lines = new ArrayList<>();
    int w = 44;
    lines.add(title);
    lines.add(String.format(Locale.ROOT, "%-" + w + "s %12s %12s %12s %12s %12s %12s %12s", "Metric", "avg", "min", "max",
        "p99", "p90", "p50", "std"));
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Distribution d) {
        Stats st = d.stats();
        lines.add(String.format(Locale.ROOT, "%-" + w + "s %12s %12s %12s %12s %12s %12s %12s", d.header() + " (" + d.unit() + ")",
            num(st.avg()), num(st.min()), num(st.max()), num(st.p99()), num(st.p90()), num(st.p50()), num(st.std())));
      }
    }
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Scalar sc) {
        lines.add(String.format(Locale.ROOT, "%-" + w + "s %12s", sc.header() + " (" + sc.unit() + ")", num(sc.value())));
      }
    }
    for (ErrorCount e : s.errors()) {
      lines.add(String.format(Locale.ROOT, "errors: %d x %s (code %d, %s): %s", e.count(), e.kind().name().toLowerCase(Locale.ROOT),
          e.code(), e.type(), e.message()));
    }
    if (selfCheck != null) {
      selfCheck.consoleLine().ifPresent(lines::add);
    }
    return lines;
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static String csvField(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
