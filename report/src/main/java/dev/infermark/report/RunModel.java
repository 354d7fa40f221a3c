package dev.infermark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import dev.infermark.api.Metric;
import dev.infermark.json.Json;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.catalog.MetricCatalogs;
import dev.infermark.metrics.catalog.MetricDef;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** What the page of one run shows, computed from its folder; the page's script only draws it. */
final class RunModel {
  /** The distributions drawn, in order: tag, title, and how a request gives its value. */
  record Chart(String tag, String title, String unit, ToDoubleFunction<Row> value) {}

  static final List<Chart> METRICS = List.of(
      new Chart(Metric.TIME_TO_FIRST_TOKEN.tag(), "Time to first token", "ms", Row::ttftMs),
      new Chart(Metric.INTER_TOKEN_LATENCY.tag(), "Inter-token latency", "ms", Row::itlMs),
      new Chart(Metric.REQUEST_LATENCY.tag(), "End-to-end latency", "ms", Row::latencyMs),
      new Chart(Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(), "Output speed per user", "tokens/s", Row::outputSpeed));

  /** How long each request waited after its intended instant before it left: on the run page after the latency. */
  static final Chart SCHEDULE_LAG = new Chart(Metric.SCHEDULE_LAG.tag(), "Schedule lag", "ms", Row::lagMs);

  /**
   * The latencies measured from each request's intended instant, by the tag of the actual-send one: the run page
   * draws each as a second CDF in the same chart, so that the queueing the actual-send one leaves out shows.
   */
  static final Map<String, Chart> FROM_INTENDED = Map.of(
      Metric.TIME_TO_FIRST_TOKEN.tag(), new Chart(Metric.EFFECTIVE_TIME_TO_FIRST_TOKEN.tag(), "Time to first token from the intended instant", "ms",
          Row::effectiveTtftMs),
      Metric.REQUEST_LATENCY.tag(), new Chart(Metric.EFFECTIVE_LATENCY.tag(), "End-to-end latency from the intended instant",
          "ms", Row::effectiveLatencyMs));

  private RunModel() {}

  static ObjectNode of(RunFolder f) {
    ObjectNode o = Json.object();
    o.put("kind", "run");
    JsonNode s = f.summary();
    JsonNode md = s == null ? Json.object() : s.path("metadata");
    o.set("run", info(f));
    if (md.has("submission_valid")) {
      ObjectNode v = o.putObject("verdict");
      v.put("submission_valid", md.path("submission_valid").asBoolean(false));
      v.set("reasons", Numbers.safe(md.path("submission_invalid_reasons")));
    }
    if (f.sloResults() != null) {
      o.set("slos", Numbers.safe(f.sloResults()));
    }
    ArrayNode warnings = o.putArray("warnings");
    String selfCheck = md.path("client_self_check").path("warning").asString("");
    if (!selfCheck.isEmpty()) {
      warnings.add(selfCheck);
    }
    String failure = md.path("failure").asString("");
    if (!failure.isEmpty()) {
      warnings.add(failure); // why the run is incomplete (a failed run, a summary rebuilt after a crash)
    }
    if (s != null) {
      o.set("summary", summary(s));
      o.set("totals", totals(s));
      if (s.path("error_summary").isArray()) {
        o.set("errors", Numbers.safe(s.path("error_summary")));
      }
      o.set("settings", settings(s.path("input_config")));
      o.set("methodology", methodology(s));
    }
    o.set("records", counts(f.rows(), s != null && s.path("was_cancelled").asBoolean(false)));
    o.set("dists", distributions(f.rows()));
    long t0 = Timeline.origin(f.rows());
    if (t0 != Row.ABSENT) {
      ObjectNode timeline = Timeline.of(f.rows(), f.tokenTicks(), t0);
      if (timeline == null) {
        f.notes().add("the requests span less than a second: no charts over time");
      }
      o.set("timeline", timeline);
      o.set("swimlane", SwimLane.of(f.rows(), t0));
    }
    if (f.agentperf() != null) {
      o.set("agentperf", Numbers.safe(f.agentperf()));
    }
    if (f.accuracy() != null || s != null && s.has("accuracy")) {
      o.set("accuracy", accuracy(f, s));
    }
    if (f.serverMetrics() != null) {
      o.set("server_metrics", ServerMetrics.of(f.serverMetrics()));
    }
    o.set("server_series", serverSeries(f, t0));
    ArrayNode notes = o.putArray("notes");
    f.notes().forEach(notes::add);
    return o;
  }

  /**
   * The server over time ({@link ServerSeries}), with the profiling window the server-metrics
   * statistics cover (from the export's {@code derived.window}, when phase marks set it).
   */
  private static ObjectNode serverSeries(RunFolder f, long t0) {
    ObjectNode s = ServerSeries.of(f.dir(), t0, f.notes());
    JsonNode w = f.serverMetrics() == null ? null : f.serverMetrics().path("derived").path("window");
    if (s.has("charts") && w != null && w.path("start_ns").isIntegralNumber() && w.path("end_ns").isIntegralNumber()
        && "profiling phase marks".equals(w.path("source").asString(""))) {
      long origin = Long.parseLong(s.path("t0_ns").asString());
      s.putObject("window").put("from", Math.round((w.path("start_ns").asLong() - origin) / 1e6) / 1000.0)
          .put("to", Math.round((w.path("end_ns").asLong() - origin) / 1e6) / 1000.0);
    }
    return s;
  }

  /**
   * A run folder's name: its own, led by its scenario's folder when it is one of the runner's
   * timestamped folders ({@code chat-latency/20261201T233507Z-inputTokens=128}), so runs stay told apart.
   */
  static String runName(java.nio.file.Path dir) {
    java.nio.file.Path p = dir.toAbsolutePath().normalize();
    try {
      p = p.toRealPath(); // a run opened through its scenario's 'latest' link is named after the run
    } catch (java.io.IOException e) {
      // absent or unreadable: its own name
    }
    String name = p.getFileName().toString();
    if (name.matches("\\d{8}T\\d{6}Z.*") && p.getParent() != null && p.getParent().getFileName() != null) {
      return p.getParent().getFileName() + "/" + name;
    }
    return name;
  }

  /** The run's identity: scenario, id, times, target, completeness. */
  static ObjectNode info(RunFolder f) {
    JsonNode s = f.summary() == null ? Json.object() : f.summary();
    JsonNode runInfo = s.path("run_info");
    JsonNode md = s.path("metadata");
    ObjectNode o = Json.object();
    o.put("folder", f.dir().toAbsolutePath().normalize().toString());
    o.put("name", runName(f.dir()));
    String scenario = first(runInfo.path("scenario"), md.path("scenario"),
        f.agentperf() == null ? null : f.agentperf().path("scenario"));
    o.put("scenario", scenario == null ? o.path("name").asString() : scenario);
    put(o, "benchmark_id", first(s.path("benchmark_id"), runInfo.path("benchmark_id")));
    put(o, "start_time", first(s.path("start_time")));
    put(o, "end_time", first(s.path("end_time")));
    put(o, "random_seed", first(runInfo.path("random_seed")));
    JsonNode cfg = s.path("input_config");
    // ours, then AIPerf's input_config (compare reads AIPerf folders too)
    put(o, "model", first(cfg.path("infermark.model").path("value"), cfg.path("endpoint").path("model_names").path(0)));
    put(o, "url", first(cfg.path("infermark.url").path("value"), cfg.path("endpoint").path("url")));
    put(o, "concurrency", first(cfg.path("infermark.concurrency").path("value")));
    if (s.has("was_cancelled")) {
      o.put("was_cancelled", s.path("was_cancelled").asBoolean(false));
    }
    if (s.has("is_complete")) {
      o.put("is_complete", s.path("is_complete").asBoolean(true));
    }
    put(o, "incomplete_reason", first(s.path("incomplete_reason")));
    JsonNode d = s.path("benchmark_duration").path("avg");
    if (d.isNumber()) {
      o.put("duration_s", d.asDouble());
    }
    return o;
  }

  private static ArrayNode summary(JsonNode s) {
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (String tag : tags(s)) {
      JsonNode m = s.path(tag);
      if (!m.has("p50")) {
        continue;
      }
      ObjectNode r = out.addObject();
      r.put("tag", tag);
      r.put("name", name(tag));
      r.put("unit", m.path("unit").asString(""));
      for (String stat : List.of("avg", "min", "p50", "p90", "p95", "p99", "max", "std", "count")) {
        if (m.path(stat).isNumber()) {
          r.put(stat, m.path(stat).asDouble());
        }
      }
    }
    return out;
  }

  private static ArrayNode totals(JsonNode s) {
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (String tag : tags(s)) {
      JsonNode m = s.path(tag);
      if (m.has("p50") || !m.path("avg").isNumber()) {
        continue;
      }
      ObjectNode r = out.addObject();
      r.put("tag", tag);
      r.put("name", name(tag));
      r.put("unit", m.path("unit").asString(""));
      r.put("value", m.path("avg").asDouble());
    }
    return out;
  }

  /** Metric entries of profile_export_aiperf.json: known tags in report order, then any others. */
  static List<String> tags(JsonNode s) {
    List<String> out = new ArrayList<>();
    for (String t : MetricDefs.tags()) {
      if (s.path(t).isObject() && s.path(t).has("unit")) {
        out.add(t);
      }
    }
    for (Map.Entry<String, JsonNode> e : s.properties()) {
      if (!out.contains(e.getKey()) && e.getValue().isObject() && e.getValue().has("unit") && e.getValue().has("avg")) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  /** A metric's header, from its definition (the harness's or its methodology's); else the tag in words. */
  static String name(String tag) {
    Optional<MetricDef> d = MetricCatalogs.current().get(tag);
    if (d.isPresent()) {
      return d.get().header();
    }
    String n = tag.replace('_', ' ');
    return Character.toUpperCase(n.charAt(0)) + n.substring(1);
  }

  private static ArrayNode settings(JsonNode cfg) {
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (Map.Entry<String, JsonNode> e : cfg.properties()) {
      String source = e.getValue().path("source").asString("");
      if (!source.equals("default")) {
        ArrayNode r = out.addArray();
        r.add(e.getKey());
        r.add(e.getValue().path("value").asString(e.getValue().toString()));
        r.add(source);
      }
    }
    return out;
  }

  /** A methodology's extra top-level fields and metadata (branch stats, replay, dataset), as written. */
  private static ObjectNode methodology(JsonNode s) {
    ObjectNode o = Json.object();
    for (String k : List.of("branch_stats")) {
      if (s.path(k).isObject()) {
        o.set(k, Numbers.safe(s.path(k)));
      }
    }
    for (String k : List.of("dataset", "agentic_replay", "metric_duration_coverage")) {
      if (s.path("metadata").path(k).isObject()) {
        o.set(k, Numbers.safe(s.path("metadata").path(k)));
      }
    }
    return o;
  }

  /**
   * The profiling requests by how they ended, as the run's error_rate check counts them
   * ({@code ErrorRate}): {@code failed} by the server's or the client's doing, {@code cut_off} by the
   * run at its own end, {@code cancelled} by a cancelled run (left out); {@code failed} and the
   * successful {@code measured} ones are those that ended on their own.
   */
  static ObjectNode counts(List<Row> rows, boolean runCancelled) {
    int warmup = 0;
    int failed = 0;
    int cutOff = 0;
    int cancelled = 0;
    for (Row r : rows) {
      if (r.warmup()) {
        warmup++;
      } else if (r.cutOff()) {
        cutOff++;
      } else if (r.failed() && runCancelled && "cancelled".equals(r.errorKind())) {
        cancelled++;
      } else if (r.failed()) {
        failed++;
      }
    }
    ObjectNode o = Json.object();
    o.put("total", rows.size());
    o.put("warmup", warmup);
    o.put("profiling", rows.size() - warmup);
    o.put("failed", failed);
    o.put("measured", rows.size() - warmup - failed - cutOff - cancelled);
    o.put("cut_off", cutOff);
    o.put("cancelled", cancelled);
    return o;
  }

  /**
   * The CDF and histogram of each metric over successful profiling requests. A methodology that
   * groups requests into load levels (AgentPerf phases) gets one CDF per group and no pooled one:
   * pooling load levels would describe no load at all.
   */
  static ArrayNode distributions(List<Row> rows) {
    Map<String, String> groups = new TreeMap<>(RunModel::byNumber);
    for (Row r : rows) {
      if (r.measured() && r.group() != null) {
        groups.put(r.group(), r.groupLabel());
      }
    }
    ArrayNode out = Json.MAPPER.createArrayNode();
    List<Chart> drawn = new ArrayList<>();
    for (Chart m : METRICS) {
      drawn.add(m);
      if (m.tag().equals(Metric.REQUEST_LATENCY.tag())) {
        drawn.add(SCHEDULE_LAG);
      }
    }
    for (Chart m : drawn) {
      ObjectNode d = Json.object();
      d.put("tag", m.tag());
      d.put("title", m.title());
      d.put("unit", m.unit());
      if (groups.isEmpty()) {
        double[] v = Distributions.sorted(values(rows, m, null));
        if (v.length == 0) {
          continue;
        }
        d.put("n", v.length);
        ArrayNode cdfs = d.putArray("cdfs");
        ObjectNode c = Distributions.cdf(v);
        c.put("label", "all");
        cdfs.add(c);
        fromIntended(rows, m).ifPresent(e -> {
          c.put("label", "from the send");
          cdfs.add(e);
        });
        d.set("hist", Distributions.histogram(v));
      } else {
        ArrayNode cdfs = d.putArray("cdfs");
        int n = 0;
        for (Map.Entry<String, String> g : groups.entrySet()) {
          double[] v = Distributions.sorted(values(rows, m, g.getKey()));
          if (v.length > 0) {
            ObjectNode c = Distributions.cdf(v);
            c.put("label", g.getValue() + " (phase " + g.getKey() + ")");
            cdfs.add(c);
            n += v.length;
          }
        }
        if (n == 0) {
          continue;
        }
        d.put("n", n);
        d.put("grouped", true);
      }
      out.add(d);
    }
    return out;
  }

  /** The CDF of {@code m} measured from the intended instant, when it has such a twin and the records carry it. */
  private static java.util.Optional<ObjectNode> fromIntended(List<Row> rows, Chart m) {
    Chart twin = FROM_INTENDED.get(m.tag());
    double[] v = twin == null ? new double[0] : Distributions.sorted(values(rows, twin, null));
    if (v.length == 0) {
      return java.util.Optional.empty();
    }
    ObjectNode c = Distributions.cdf(v);
    c.put("label", "from the intended instant");
    return java.util.Optional.of(c);
  }

  static double[] values(List<Row> rows, Chart m, String group) {
    return rows.stream()
        .filter(r -> r.measured() && (group == null || group.equals(r.group())))
        .mapToDouble(m.value()).toArray();
  }

  /** Statistics of a metric computed from the records, for runs without profile_export_aiperf.json. */
  static Stats stats(List<Row> rows, Chart m) {
    return Stats.of(Distributions.sorted(values(rows, m, null)));
  }

  private static ObjectNode accuracy(RunFolder f, JsonNode s) {
    ObjectNode o = Json.object();
    JsonNode a = s == null ? Json.object() : s.path("accuracy");
    put(o, "benchmark", first(a.path("benchmark")));
    if (a.path("errors").isNumber()) {
      o.put("errors", a.path("errors").asLong());
    }
    o.put("partial", a.path("partial").asBoolean(false));
    ArrayNode tasks = o.putArray("tasks");
    if (f.accuracy() != null) {
      for (RunFolder.AccuracyRow r : f.accuracy()) {
        ObjectNode t = r.task().equals("OVERALL") ? o.putObject("overall") : tasks.addObject();
        t.put("task", r.task());
        t.put("total", r.total());
        t.put("passed", r.passed());
        t.put("unparsed", r.unparsed());
        t.put("accuracy", r.accuracyRate());
        t.put("unparsed_rate", r.unparsedRate());
      }
    }
    if (!o.has("overall") && a.path("accuracy").isNumber()) {
      ObjectNode t = o.putObject("overall");
      t.put("task", "OVERALL");
      t.put("total", a.path("graded").asLong(0));
      t.put("accuracy", a.path("accuracy").asDouble());
    }
    return o;
  }

  private static int byNumber(String a, String b) {
    try {
      return Long.compare(Long.parseLong(a), Long.parseLong(b));
    } catch (NumberFormatException e) {
      return a.compareTo(b);
    }
  }

  private static String first(JsonNode... nodes) {
    for (JsonNode n : nodes) {
      if (n != null && (n.isString() || n.isNumber() || n.isBoolean())) {
        return n.asString();
      }
    }
    return null;
  }

  private static void put(ObjectNode o, String k, String v) {
    if (v != null) {
      o.put(k, v);
    }
  }
}
