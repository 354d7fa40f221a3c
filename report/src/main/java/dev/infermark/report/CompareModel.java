package dev.infermark.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.infermark.api.Metric;
import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.catalog.MetricCatalogs;
import dev.infermark.metrics.catalog.MetricDef;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Several runs side by side: their CDFs overlaid and a table of each headline number with its
 * change against the first run (the baseline). Statistics come from each run's
 * {@code profile_export_aiperf.json} (what the run reported), else from its records.
 */
final class CompareModel {
  static final List<String> STATS = List.of("avg", "p50", "p90", "p99");
  static final List<String> TOTALS = List.of(Metric.REQUEST_THROUGHPUT.tag(), Metric.OUTPUT_TOKEN_THROUGHPUT.tag(),
      Metric.GOODPUT.tag(), Metric.REQUEST_COUNT.tag(), Metric.ERROR_REQUEST_COUNT.tag());

  private CompareModel() {}

  /** One compared quantity: its values per run, whether larger is better. */
  private record Line(String name, String stat, String unit, boolean largerIsBetter, Double[] values, String[] shown) {}

  /** Settings that say where or how a run reports, never what it measured: no run is told apart by them. */
  static final Set<String> NOT_THE_RUN = Set.of("artifact-dir", "progress-interval", "ui-type", "verbose",
      "result-formats", "run-id");

  static ObjectNode of(List<RunFolder> folders) {
    ObjectNode o = Json.object();
    o.put("kind", "compare");
    List<Map<String, String>> settings = folders.stream().map(CompareModel::settings).toList();
    List<String> varied = varied(settings);
    o.set("varied", Json.MAPPER.valueToTree(varied));
    List<String> labels = labels(folders, settings, varied);
    ArrayNode runs = o.putArray("runs");
    List<Line> lines = new ArrayList<>();
    Map<String, Line> byKey = new LinkedHashMap<>();
    int n = folders.size();
    for (int i = 0; i < n; i++) {
      RunFolder f = folders.get(i);
      ObjectNode r = runs.addObject();
      r.put("label", labels.get(i));
      r.put("folder", RunModel.info(f).path("name").asString());
      ObjectNode differs = r.putObject("differs");
      for (String k : varied) {
        differs.put(k, settings.get(i).getOrDefault(k, "—"));
      }
      r.set("run", RunModel.info(f));
      JsonNode md = f.summary() == null ? Json.object() : f.summary().path("metadata");
      if (md.has("submission_valid")) {
        r.put("submission_valid", md.path("submission_valid").asBoolean(false));
      }
      ObjectNode dists = r.putObject("dists");
      boolean grouped = false;
      for (RunModel.Chart m : RunModel.METRICS) {
        double[] v = Distributions.sorted(RunModel.values(f.rows(), m, null));
        if (v.length > 0) {
          dists.set(m.tag(), Distributions.cdf(v));
        }
        Stats computed = Stats.of(v);
        JsonNode reported = f.summary() == null ? null : f.summary().path(m.tag());
        for (String stat : STATS) {
          double value = reported != null && reported.path(stat).isNumber() ? reported.path(stat).asDouble()
              : computed == null ? Double.NaN : computed.get(stat);
          line(byKey, lines, m.title(), stat, m.unit(), largerIsBetter(m.tag()), n).values[i] =
              Double.isFinite(value) ? value : null;
        }
      }
      for (Row row : f.rows()) {
        grouped |= row.group() != null;
      }
      r.put("grouped", grouped);
      if (f.summary() != null) {
        for (String tag : TOTALS) {
          JsonNode t = f.summary().path(tag);
          if (t.path("avg").isNumber()) {
            line(byKey, lines, RunModel.name(tag), "", t.path("unit").asString(""), largerIsBetter(tag), n).values[i] =
                t.path("avg").asDouble();
          }
        }
        JsonNode acc = f.summary().path("accuracy").path("accuracy");
        if (acc.isNumber()) {
          line(byKey, lines, "Accuracy", "", "", true, n).values[i] = acc.asDouble();
        }
      }
      if (f.agentperf() != null) {
        for (JsonNode tier : f.agentperf().path("tiers")) {
          if (tier.path("capacity").isNumber()) {
            Line l = line(byKey, lines, "Capacity " + tier.path("name").asString("?"), "", "agents", true, n);
            l.values[i] = tier.path("capacity").asDouble();
            l.shown[i] = (tier.path("capacity_is_lower_bound").asBoolean(false) ? "≥ " : "")
                + tier.path("capacity").asLong();
          }
        }
      }
      long t0 = Timeline.origin(f.rows());
      if (t0 != Row.ABSENT && Timeline.of(f.rows(), f.tokenTicks(), t0) instanceof ObjectNode tl) {
        ObjectNode keep = r.putObject("timeline");
        keep.set("t", tl.get("t"));
        keep.set("output_tps", tl.get("output_tps"));
        keep.set("completed", tl.get("completed"));
      }
      ArrayNode notes = r.putArray("notes");
      f.notes().forEach(notes::add);
    }
    ArrayNode table = o.putArray("deltas");
    for (Line l : lines) {
      ObjectNode row = table.addObject();
      row.put("name", l.name());
      row.put("stat", l.stat());
      row.put("unit", l.unit());
      row.put("larger_is_better", l.largerIsBetter());
      ArrayNode values = row.putArray("values");
      ArrayNode shown = row.putArray("shown");
      ArrayNode pct = row.putArray("delta_pct");
      Double base = l.values()[0];
      for (int i = 0; i < n; i++) {
        Double v = l.values()[i];
        if (v == null) {
          values.addNull();
        } else {
          values.add(v);
        }
        if (l.shown()[i] == null) {
          shown.addNull();
        } else {
          shown.add(l.shown()[i]);
        }
        if (i == 0 || v == null || base == null || base == 0) {
          pct.addNull();
        } else {
          pct.add(Numbers.round((v - base) / Math.abs(base) * 100, 4));
        }
      }
    }
    return o;
  }

  private static Line line(Map<String, Line> byKey, List<Line> lines, String name, String stat, String unit,
      boolean larger, int n) {
    return byKey.computeIfAbsent(name + "\u0000" + stat, k -> {
      Line l = new Line(name, stat, unit, larger, new Double[n], new String[n]);
      lines.add(l);
      return l;
    });
  }

  private static boolean largerIsBetter(String tag) {
    return MetricCatalogs.current().get(tag).map(MetricDef::largerIsBetter).orElse(false);
  }

  /**
   * A run's settings as its {@code input_config} records them, by name ({@code concurrency}; a
   * {@code @Param} field by its own name, {@code inputTokens}), without those that never tell runs
   * apart ({@link #NOT_THE_RUN}; a random seed drawn at random).
   */
  static Map<String, String> settings(RunFolder f) {
    Map<String, String> out = new TreeMap<>();
    JsonNode cfg = f.summary() == null ? Json.object() : f.summary().path("input_config");
    for (Map.Entry<String, JsonNode> e : cfg.properties()) {
      String name = e.getKey().startsWith("infermark.") ? e.getKey().substring("infermark.".length()) : e.getKey();
      name = name.startsWith("param.") ? name.substring("param.".length()) : name;
      boolean drawn = name.equals("random-seed") && "default".equals(e.getValue().path("source").asString(""));
      if (!NOT_THE_RUN.contains(name) && !drawn && e.getValue().has("value")) {
        out.put(name, e.getValue().path("value").asString(""));
      }
    }
    return out;
  }

  /**
   * The settings whose values are not the same in every run that records its settings (one that such a run
   * lacks counts as different). A run that records none, another tool's, takes no part: it lacks every one
   * of ours, and each would become a column.
   */
  static List<String> varied(List<Map<String, String>> settings) {
    List<Map<String, String>> ours = settings.stream().filter(m -> !m.isEmpty()).toList();
    Set<String> keys = new TreeSet<>();
    ours.forEach(m -> keys.addAll(m.keySet()));
    return keys.stream().filter(k -> ours.stream().map(m -> m.get(k)).distinct().count() > 1).toList();
  }

  /**
   * Each run labelled by what differs between the runs ({@code concurrency=16, inputTokens=1024});
   * by its folder where nothing does, or two runs differ in nothing else (repeated runs).
   */
  static List<String> labels(List<RunFolder> folders, List<Map<String, String>> settings, List<String> varied) {
    List<String> byFolder = labels(folders);
    if (varied.isEmpty()) {
      return byFolder;
    }
    List<String> out = new ArrayList<>();
    for (Map<String, String> m : settings) {
      out.add(String.join(", ", varied.stream().map(k -> k + "=" + m.getOrDefault(k, "—")).toList()));
    }
    for (int i = 0; i < out.size(); i++) {
      String l = out.get(i);
      if (out.stream().filter(l::equals).count() > 1) {
        out.set(i, l + " (" + byFolder.get(i) + ")");
      }
    }
    return out;
  }

  /** Folder names, made unique with their parent folder's name where two runs share one. */
  static List<String> labels(List<RunFolder> folders) {
    List<String> names = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (RunFolder f : folders) {
      seen.merge(RunModel.info(f).path("name").asString(), 1, Integer::sum);
    }
    for (RunFolder f : folders) {
      var p = f.dir().toAbsolutePath().normalize();
      String name = RunModel.runName(f.dir());
      if (seen.get(name) > 1 && p.getParent() != null && p.getParent().getFileName() != null
          && name.equals(p.getFileName().toString())) {
        name = p.getParent().getFileName() + "/" + name;
      }
      names.add(name);
    }
    // Still equal (same parent names too): number them.
    Map<String, Integer> count = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      int c = count.merge(names.get(i), 1, Integer::sum);
      if (c > 1) {
        names.set(i, names.get(i) + " #" + c);
      }
    }
    return names;
  }
}
