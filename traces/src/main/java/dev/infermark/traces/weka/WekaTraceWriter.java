package dev.infermark.traces.weka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.infermark.json.Json;
import tools.jackson.core.JsonGenerator;

/** Writes traces in the Weka format that {@link WekaTraceParser} reads (streaming, any size). */
public final class WekaTraceWriter {
  private WekaTraceWriter() {}

  /** Writes one trace as a JSON object (no trailing newline). */
  public static void write(WekaTrace t, OutputStream out) {
    try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
      write(t, g);
    }
  }

  /** Writes one trace to a {@code .json} file. */
  public static void writeFile(WekaTrace t, Path file) {
    try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      write(t, out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** Writes traces as JSON lines ({@code traces.jsonl}, the HF dataset layout). */
  public static void writeJsonl(List<WekaTrace> traces, Path file) {
    try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      for (WekaTrace t : traces) {
        try (JsonGenerator g = Json.MAPPER.createGenerator(new NonClosing(out))) {
          write(t, g);
        }
        out.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void write(WekaTrace t, JsonGenerator g) {
    g.writeStartObject();
    g.writeStringProperty("id", t.id());
    strings(g, "models", t.models());
    g.writeNumberProperty("block_size", t.blockSize());
    g.writeStringProperty("hash_id_scope", t.hashIdScope());
    g.writeNumberProperty("tool_tokens", t.toolTokens());
    g.writeNumberProperty("system_tokens", t.systemTokens());
    if (t.totals() != null) {
      g.writeName("totals");
      g.writePOJO(t.totals());
    }
    g.writeArrayPropertyStart("requests");
    for (WekaEntry e : t.requests()) {
      switch (e) {
        case WekaRequest r -> request(g, r, r.t());
        case WekaSubagent s -> {
          g.writeStartObject();
          g.writeNumberProperty("t", s.t());
          g.writeStringProperty("type", "subagent");
          g.writeStringProperty("agent_id", s.agentId());
          g.writeStringProperty("subagent_type", s.subagentType());
          optional(g, "duration_ms", s.durationMs());
          if (s.totalTokens() == null) {
            g.writeNullProperty("total_tokens");
          } else {
            g.writeNumberProperty("total_tokens", s.totalTokens());
          }
          if (s.toolUseCount() == null) {
            g.writeNullProperty("tool_use_count");
          } else {
            g.writeNumberProperty("tool_use_count", s.toolUseCount());
          }
          g.writeStringProperty("status", s.status());
          strings(g, "models", s.models());
          g.writeNumberProperty("tool_tokens", s.toolTokens());
          g.writeNumberProperty("system_tokens", s.systemTokens());
          g.writeArrayPropertyStart("requests");
          for (WekaRequest r : s.requests()) {
            // Keep the recording's convention: spawn-relative inner times stay relative.
            request(g, r, s.relativeTimes() ? r.t() - s.t() : r.t());
          }
          g.writeEndArray();
          g.writeEndObject();
        }
      }
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void request(JsonGenerator g, WekaRequest r, double t) {
    g.writeStartObject();
    g.writeNumberProperty("t", t);
    g.writeStringProperty("type", r.type());
    g.writeStringProperty("model", r.model());
    g.writeNumberProperty("in", r.in());
    g.writeNumberProperty("out", r.out());
    int[] ids = r.hashIds().toArray();
    g.writeName("hash_ids");
    g.writeArray(ids, 0, ids.length);
    strings(g, "input_types", r.inputTypes());
    strings(g, "output_types", r.outputTypes());
    g.writeStringProperty("stop", r.stop());
    optional(g, "api_time", r.apiTime());
    optional(g, "think_time", r.thinkTime());
    if (r.ttft() != null) {
      g.writeNumberProperty("ttft", r.ttft());
    }
    g.writeEndObject();
  }

  private static void optional(JsonGenerator g, String name, Double v) {
    if (v == null) {
      g.writeNullProperty(name);
    } else {
      g.writeNumberProperty(name, v);
    }
  }

  private static void strings(JsonGenerator g, String name, List<String> values) {
    g.writeArrayPropertyStart(name);
    for (String s : values) {
      g.writeString(s);
    }
    g.writeEndArray();
  }

  // Lets one stream carry several generators (one per JSON line).
  private static final class NonClosing extends java.io.FilterOutputStream {
    NonClosing(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
