package dev.infermark.artifact;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;

import dev.infermark.api.Metric;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.json.Json;
import dev.infermark.metrics.RecordMetrics;
import tools.jackson.core.JsonGenerator;
import dev.infermark.json.Millis;

/**
 * One {@code profile_export.jsonl} line per request in AIPerf's schema (agentx spec §4.5):
 * {@code metadata} (ids, wall-clock ns timestamps, phase, agentic fields), {@code metrics}
 * ({@code {tag: {value, unit}}}, display units; absent metrics left out) and {@code error}.
 * Written straight to a generator, with no tree in between: a line per request, each with every
 * inter-chunk latency, is most of what a run allocates per request.
 */
final class ExportRecords {
  private ExportRecords() {}

  /**
   * Writes the line, without the newline, to {@code out}, which stays open (the generator's buffer
   * comes from Jackson's recycler pool: nothing per line but the generator).
   */
  static void write(OutputStream out, RequestRecord r, RecordMetrics m, long requestNum, boolean cancelled) {
    try (JsonGenerator g = Json.MAPPER.createGenerator(new Unclosed(out))) {
      g.writeStartObject();
      metadata(g, r, requestNum, cancelled);
      metrics(g, m);
      RequestError e = r.error();
      if (e == null) {
        g.writeNullProperty("error");
      } else {
        g.writeObjectPropertyStart("error");
        g.writeNumberProperty("code", e.code());
        g.writeStringProperty("type", e.type());
        g.writeStringProperty("message", e.message());
        g.writeStringProperty("kind", e.kind().name().toLowerCase(Locale.ROOT));
        g.writeEndObject();
      }
      g.writeEndObject();
    }
  }

  private static void metadata(JsonGenerator g, RequestRecord r, long requestNum, boolean cancelled) {
    g.writeObjectPropertyStart("metadata");
    RequestTags t = r.tags();
    g.writeNumberProperty("request_num", requestNum);
    g.writeStringProperty("x_request_id", r.requestId());
    if (t != null) {
      g.writeStringProperty("x_correlation_id", t.correlationId());
      g.writeStringProperty("conversation_id", t.conversationId());
      g.writeNumberProperty("turn_index", t.turnIndex());
    }
    epoch(g, "credit_issued_ns", r, r.dueNs());
    epoch(g, "request_start_ns", r, r.startNs());
    epoch(g, "request_ack_ns", r, r.ackNs());
    epoch(g, "request_end_ns", r, r.endNs());
    if (t != null && t.lane() >= 0) {
      g.writeStringProperty("worker_id", "lane-" + t.lane());
    }
    if (r.urlIndex() >= 0) {
      g.writeNumberProperty("url_index", r.urlIndex()); // into metadata.urls of profile_export_aiperf.json
    }
    g.writeStringProperty("benchmark_phase", r.phase().label());
    g.writeBooleanProperty("was_cancelled", cancelled);
    if (t != null) {
      g.writeStringProperty("root_correlation_id", t.rootCorrelationId());
      g.writeStringProperty("parent_correlation_id", t.parentCorrelationId());
      g.writeNumberProperty("agent_depth", t.agentDepth());
      if (t.lane() >= 0) {
        g.writeNumberProperty("lane", t.lane());
      }
      for (Map.Entry<String, Object> e : t.extra().entrySet()) {
        g.writeName(e.getKey());
        g.writePOJO(e.getValue());
      }
    }
    if (r.finishReason() != null) {
      g.writeStringProperty("finish_reason", r.finishReason());
    }
    g.writeEndObject();
  }

  private static void metrics(JsonGenerator g, RecordMetrics m) {
    g.writeObjectPropertyStart("metrics");
    for (Metric def : RecordMetrics.PER_RECORD) {
      String tag = def.tag();
      String unit = def.unit();
      if (def == Metric.INTER_CHUNK_LATENCY) {
        if (m.iclNs().length > 0) {
          g.writeObjectPropertyStart(tag);
          g.writeArrayPropertyStart("value");
          char[] digits = new char[Millis.MAX_CHARS];
          for (long d : m.iclNs()) {
            g.writeNumber(digits, 0, Millis.format(d, digits));
          }
          g.writeEndArray();
          g.writeStringProperty("unit", unit);
          g.writeEndObject();
        }
        continue;
      }
      Double v = m.displayValue(def);
      if (v != null) {
        g.writeObjectPropertyStart(tag);
        if (unit.equals("tokens")) {
          g.writeNumberProperty("value", v.longValue());
        } else {
          g.writeNumberProperty("value", v.doubleValue());
        }
        g.writeStringProperty("unit", unit);
        g.writeEndObject();
      }
    }
    g.writeEndObject();
  }

  /** Passes writes on; closing it leaves the stream it writes to open. */
  private static final class Unclosed extends OutputStream {
    private final OutputStream out;

    Unclosed(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void flush() {
      // the owner flushes once the line is whole
    }

    @Override
    public void close() {
      // the owner's stream
    }
  }

  /** A monotonic time as wall-clock ns, anchored at the request's start. */
  private static void epoch(JsonGenerator g, String field, RequestRecord r, long ns) {
    if (ns > 0 && r.startNs() > 0 && r.startEpochMicros() > 0) {
      g.writeNumberProperty(field, r.startEpochMicros() * 1000 + (ns - r.startNs()));
    }
  }
}
