package dev.infermark.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Writes small run folders in the artifacts' shapes (docs/artifacts.md), one request at a time. */
final class FixtureRun {
  static final long T0 = 1_796_155_000_000_000_000L;
  private final List<String> lines = new ArrayList<>();
  private ObjectNode summary;

  /** A request as {@code profile_export.jsonl} records it; times in ms after {@link #T0}. */
  Request request(double startMs, double endMs) {
    return new Request(startMs, endMs);
  }

  final class Request {
    final ObjectNode md = Json.object();
    final ObjectNode metrics = Json.object();
    ObjectNode error;

    Request(double startMs, double endMs) {
      md.put("request_start_ns", T0 + (long) (startMs * 1e6));
      md.put("request_end_ns", T0 + (long) (endMs * 1e6));
      md.put("benchmark_phase", "profiling");
      md.put("was_cancelled", false);
      metric("request_latency", endMs - startMs, "ms");
    }

    Request warmup() {
      md.put("benchmark_phase", "warmup");
      return this;
    }

    Request metric(String tag, double value, String unit) {
      metrics.putObject(tag).put("value", value).put("unit", unit);
      return this;
    }

    Request ttft(double ms) {
      return metric("time_to_first_token", ms, "ms");
    }

    Request tokens(int out) {
      return metric("output_token_count", out, "tokens");
    }

    Request chunks(double... iclMs) {
      ObjectNode o = metrics.putObject("inter_chunk_latency");
      ArrayNode a = o.putArray("value");
      for (double v : iclMs) {
        a.add(v);
      }
      o.put("unit", "ms");
      return this;
    }

    /** Left {@code lagMs} after its intended instant: the schedule lag and the latencies from that instant (after ttft()). */
    Request lateBy(double lagMs) {
      md.put("credit_issued_ns", md.path("request_start_ns").asLong() - (long) (lagMs * 1e6));
      metric("schedule_lag", lagMs, "ms");
      metric("effective_latency", metrics.path("request_latency").path("value").asDouble() + lagMs, "ms");
      if (metrics.has("time_to_first_token")) {
        metric("effective_time_to_first_token", metrics.path("time_to_first_token").path("value").asDouble() + lagMs, "ms");
      }
      return this;
    }

    Request failed(String kind) {
      error = Json.object().put("code", 500).put("type", "Internal Server Error").put("message", "boom").put("kind", kind);
      return this;
    }

    Request meta(String key, Object value) {
      md.set(key, Json.MAPPER.valueToTree(value));
      return this;
    }

    FixtureRun add() {
      ObjectNode line = Json.object();
      line.set("metadata", md);
      line.set("metrics", metrics);
      if (error == null) {
        line.putNull("error");
      } else {
        line.set("error", error);
      }
      lines.add(Json.write(line));
      return FixtureRun.this;
    }
  }

  FixtureRun rawLine(String line) {
    lines.add(line);
    return this;
  }

  FixtureRun summary(ObjectNode s) {
    this.summary = s;
    return this;
  }

  Path writeTo(Path dir) {
    try {
      Files.createDirectories(dir);
      Files.write(dir.resolve(RunFolder.PROFILE_JSONL), lines, StandardCharsets.UTF_8);
      if (summary != null) {
        Files.writeString(dir.resolve(RunFolder.PROFILE_JSON), Json.PRETTY.writeValueAsString(summary));
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A profile_export_aiperf.json with a TTFT distribution, a request count and metadata. */
  static ObjectNode summaryJson(String scenario, double ttftP50) {
    ObjectNode s = Json.object();
    s.put("schema_version", "1.0");
    s.put("benchmark_id", "b-" + scenario);
    s.putObject("time_to_first_token").put("unit", "ms").put("avg", ttftP50).put("p50", ttftP50).put("p90", ttftP50 * 2)
        .put("p99", ttftP50 * 3).put("min", 1).put("max", ttftP50 * 4).put("count", 3);
    s.putObject("request_throughput").put("unit", "requests/sec").put("avg", 2.0);
    s.putObject("run_info").put("scenario", scenario).put("random_seed", 6128717508806205654L);
    s.putObject("metadata").put("scenario", scenario);
    s.put("start_time", "2026-12-01T20:06:15.646377916Z");
    return s;
  }
}
