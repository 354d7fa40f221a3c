package dev.infermark.artifact;

import java.util.Map;

import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.json.Json;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.metrics.RecordMetrics;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One {@code profile_export.jsonl} line per request in AIPerf's schema (agentx spec §4.5):
 * {@code metadata} (ids, wall-clock ns timestamps, phase, agentic fields), {@code metrics}
 * ({@code {tag: {value, unit}}}, display units; absent metrics left out) and {@code error}.
 */
final class ExportRecords {
  private ExportRecords() {}

  static ObjectNode line(RequestRecord r, RecordMetrics m, long requestNum, boolean cancelled) {
    ObjectNode root = Json.object();
    ObjectNode md = root.putObject("metadata");
    RequestTags t = r.tags();
    md.put("request_num", requestNum);
    md.put("x_request_id", r.requestId());
    if (t != null) {
      md.put("x_correlation_id", t.correlationId());
      md.put("conversation_id", t.conversationId());
      md.put("turn_index", t.turnIndex());
    }
    epoch(md, "credit_issued_ns", r, r.dueNs());
    epoch(md, "request_start_ns", r, r.startNs());
    epoch(md, "request_ack_ns", r, r.ackNs());
    epoch(md, "request_end_ns", r, r.endNs());
    if (t != null && t.lane() >= 0) {
      md.put("worker_id", "lane-" + t.lane());
    }
    if (r.urlIndex() >= 0) {
      md.put("url_index", r.urlIndex()); // into metadata.urls of profile_export_aiperf.json
    }
    md.put("benchmark_phase", r.phase().label());
    md.put("was_cancelled", cancelled);
    if (t != null) {
      md.put("root_correlation_id", t.rootCorrelationId());
      md.put("parent_correlation_id", t.parentCorrelationId());
      md.put("agent_depth", t.agentDepth());
      if (t.lane() >= 0) {
        md.put("lane", t.lane());
      }
      for (Map.Entry<String, Object> e : t.extra().entrySet()) {
        md.set(e.getKey(), Json.MAPPER.valueToTree(e.getValue()));
      }
    }
    if (r.finishReason() != null) {
      md.put("finish_reason", r.finishReason());
    }
    ObjectNode metrics = root.putObject("metrics");
    for (String tag : RecordMetrics.PER_RECORD) {
      String unit = MetricDefs.get(tag).unit();
      if (tag.equals(MetricDefs.ICL)) {
        if (m.iclNs().length > 0) {
          ObjectNode o = metrics.putObject(tag);
          ArrayNode a = o.putArray("value");
          for (long d : m.iclNs()) {
            a.add(d / 1e6);
          }
          o.put("unit", unit);
        }
        continue;
      }
      Double v = m.displayValue(tag);
      if (v != null) {
        ObjectNode o = metrics.putObject(tag);
        if (unit.equals("tokens")) {
          o.put("value", v.longValue());
        } else {
          o.put("value", v);
        }
        o.put("unit", unit);
      }
    }
    RequestError e = r.error();
    if (e == null) {
      root.putNull("error");
    } else {
      ObjectNode err = root.putObject("error");
      err.put("code", e.code());
      err.put("type", e.type());
      err.put("message", e.message());
      err.put("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
    }
    return root;
  }

  /** A monotonic time as wall-clock ns, anchored at the request's start. */
  private static void epoch(ObjectNode md, String field, RequestRecord r, long ns) {
    if (ns > 0 && r.startNs() > 0 && r.startEpochMicros() > 0) {
      md.put(field, r.startEpochMicros() * 1000 + (ns - r.startNs()));
    }
  }
}
