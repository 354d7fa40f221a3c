package dev.infermark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's Prometheus metrics over the run ({@code server_metrics_export.json}, AIPerf's
 * schema: {@code metrics} by name, each with {@code type}, {@code unit} and per endpoint and label
 * set a {@code series} entry with its {@code stats}), flattened into table rows: one per series,
 * with whichever numeric statistics it has; and our {@code derived} numbers (cache hit rates,
 * KV-cache usage) as written.
 */
final class ServerMetrics {
  static final int MAX_ROWS = 400;

  private ServerMetrics() {}

  static ObjectNode of(JsonNode file) {
    ObjectNode o = Json.object();
    ArrayNode rows = o.putArray("rows");
    JsonNode metrics = file.path("metrics");
    List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
    if (metrics.isObject()) {
      entries.addAll(metrics.properties());
    } else if (metrics.isArray()) {
      for (JsonNode m : metrics) {
        entries.add(Map.entry(m.path("name").asString("?"), m));
      }
    }
    int total = 0;
    for (Map.Entry<String, JsonNode> e : entries) {
      JsonNode m = e.getValue();
      JsonNode series = m.path("series");
      List<JsonNode> list = new ArrayList<>();
      if (series.isArray()) {
        series.forEach(list::add);
      } else {
        list.add(m);
      }
      for (JsonNode s : list) {
        total++;
        if (rows.size() == MAX_ROWS) {
          continue;
        }
        ObjectNode r = rows.addObject();
        r.put("name", e.getKey());
        r.put("type", m.path("type").asString(""));
        r.put("unit", m.path("unit").asString(""));
        r.put("endpoint", s.path("endpoint_url").asString(s.path("endpoint").asString("")));
        StringBuilder labels = new StringBuilder();
        for (Map.Entry<String, JsonNode> l : s.path("labels").properties()) {
          labels.append(labels.isEmpty() ? "" : ", ").append(l.getKey()).append('=').append(l.getValue().asString(""));
        }
        r.put("labels", labels.toString());
        ObjectNode stats = r.putObject("stats");
        JsonNode st = s.path("stats").isObject() ? s.path("stats") : s;
        for (Map.Entry<String, JsonNode> v : st.properties()) {
          if (v.getValue().isNumber() && Double.isFinite(v.getValue().asDouble())) {
            stats.put(v.getKey(), v.getValue().asDouble());
          }
        }
      }
    }
    o.put("series_total", total);
    if (file.path("derived").isObject() && !file.path("derived").isEmpty()) {
      o.set("derived", Numbers.safe(file.path("derived")));
    }
    return o;
  }
}
