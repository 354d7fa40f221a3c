package dev.infermark.servermetrics;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Streams snapshots to {@code server_metrics_export.jsonl} as they arrive, deduplicated per endpoint
 * as AIPerf does: a run of identical snapshots keeps its first and its last ({@code A,A,A,B} is
 * written {@code A,A,B}), so each change keeps the times it was first and last seen. Thread-safe.
 */
final class JsonlWriter implements AutoCloseable {
  private final Path file;
  private final OutputStream out;
  private final Map<String, byte[]> lastMetrics = new HashMap<>();
  private final Map<String, byte[]> pendingLine = new HashMap<>();
  private IOException failure;

  JsonlWriter(Path file) throws IOException {
    this.file = file;
    Files.createDirectories(file.toAbsolutePath().getParent());
    this.out = new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024);
  }

  Path file() {
    return file;
  }

  /** Writes a snapshot (or holds it while it repeats the previous one); returns whether its metrics changed. */
  synchronized boolean write(Snapshot s) {
    ObjectNode metrics = metricsJson(s);
    byte[] m = Json.MAPPER.writeValueAsBytes(metrics);
    byte[] line = Json.MAPPER.writeValueAsBytes(line(s, metrics));
    byte[] prev = lastMetrics.put(s.endpoint(), m);
    boolean changed = prev == null || !Arrays.equals(prev, m);
    if (!changed) {
      pendingLine.put(s.endpoint(), line);
      return false;
    }
    byte[] held = pendingLine.remove(s.endpoint());
    if (held != null) {
      append(held);
    }
    append(line);
    return true;
  }

  private void append(byte[] line) {
    if (failure != null) {
      return;
    }
    try {
      out.write(line);
      out.write('\n');
    } catch (IOException e) {
      failure = e;
    }
  }

  /** Writes the held last duplicates and closes; a write failure is reported here, naming the file. */
  @Override
  public synchronized void close() throws IOException {
    pendingLine.values().forEach(this::append);
    pendingLine.clear();
    try {
      out.close();
    } catch (IOException e) {
      if (failure == null) {
        failure = e;
      }
    }
    if (failure != null) {
      throw new IOException("cannot write " + file + ": " + failure.getMessage(), failure);
    }
  }

  static ObjectNode line(Snapshot s, ObjectNode metrics) {
    ObjectNode o = Json.object();
    o.put("endpoint_url", s.endpoint());
    o.put("timestamp_ns", s.timestampNs());
    o.put("endpoint_latency_ns", s.latencyNs());
    o.set("metrics", metrics);
    o.put("request_sent_ns", s.requestSentNs());
    o.put("first_byte_ns", s.timestampNs());
    return o;
  }

  /** The {@code metrics} object of a JSONL line: {@code _info} families stay in the metadata file, as in AIPerf. */
  static ObjectNode metricsJson(Snapshot s) {
    ObjectNode metrics = Json.object();
    s.families().forEach((name, f) -> {
      if (name.endsWith("_info")) {
        return;
      }
      ArrayNode arr = metrics.putArray(name);
      for (Snapshot.Series series : f.series()) {
        ObjectNode o = arr.addObject();
        if (!series.labels().isEmpty()) {
          ObjectNode l = o.putObject("labels");
          series.labels().forEach(l::put);
        }
        switch (series) {
          case Snapshot.Scalar sc -> o.put("value", sc.value());
          case Snapshot.Histogram h -> {
            ObjectNode b = o.putObject("buckets");
            h.buckets().forEach(b::put);
            if (h.sum() != null) {
              o.put("sum", h.sum());
            }
            if (h.count() != null) {
              o.put("count", h.count());
            }
          }
        }
      }
    });
    return metrics;
  }
}
