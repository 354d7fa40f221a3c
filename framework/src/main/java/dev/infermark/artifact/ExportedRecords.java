package dev.infermark.artifact;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import dev.infermark.api.Metric;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code profile_export.jsonl} back into {@link RequestRecord}s, the inverse of
 * {@link ExportRecords}: a record read back and exported again gives the same line (but
 * {@code request_num}), and the same per-request metrics, so metrics over records from several
 * files (the shards of a run) are computed by the one implementation, from the union of raw records.
 *
 * <p>Times come back on the wall clock: {@code startNs} is {@code request_start_ns} and every other
 * instant keeps its exported distance from it (exact to the ns: a ms value is ns / 1e6 as a double,
 * which round-trips). Not exported, so not read back: the generated text, the error body and the
 * HTTP status of a success (taken as 200; no metric reads it).
 */
@API(status = EXPERIMENTAL, since = "0.2") // reads profile_export.jsonl back into records (methodology SPI: merges)
public final class ExportedRecords {
  /** Metadata fields {@link ExportRecords} writes itself; any other is a tag's extra field. */
  private static final Set<String> OWN = Set.of("request_num", "x_request_id", "x_correlation_id", "conversation_id",
      "turn_index", "credit_issued_ns", "request_start_ns", "request_ack_ns", "request_end_ns", "worker_id",
      "benchmark_phase", "was_cancelled", "root_correlation_id", "parent_correlation_id", "agent_depth", "lane",
      "finish_reason");

  private ExportedRecords() {}

  /**
   * Reads every line of a {@code profile_export.jsonl}.
   *
   * @throws UncheckedIOException naming the file and line that cannot be read or parsed
   */
  public static void read(Path file, Consumer<RequestRecord> into) {
    read(file, JsonLines.Policy.STRICT, into);
  }

  /**
   * Reads the lines of a {@code profile_export.jsonl} under {@code policy}: {@link JsonLines.Policy#TORN_TAIL}
   * for the journal of a run that was killed (its last line may be torn).
   *
   * @return the lines skipped
   * @throws UncheckedIOException naming the file and line that stops the read
   */
  public static JsonLines.Skipped read(Path file, JsonLines.Policy policy, Consumer<RequestRecord> into) {
    return JsonLines.read(file, policy, line -> into.accept(record(line)));
  }

  /**
   * One exported line as a record.
   *
   * @throws IllegalArgumentException naming the field that is missing or malformed
   */
  public static RequestRecord record(JsonNode line) {
    JsonNode md = field(line, "metadata");
    JsonNode metrics = field(line, "metrics");
    String phaseText = text(md, "benchmark_phase");
    Phase phase = switch (phaseText == null ? "" : phaseText) {
      case "warmup" -> Phase.WARMUP;
      case "profiling" -> Phase.PROFILING;
      default -> throw new IllegalArgumentException("metadata.benchmark_phase: expected warmup or profiling, got "
          + phaseText);
    };
    long start = ns(md, "request_start_ns");
    RequestTags tags = null;
    if (md.has("conversation_id")) {
      Map<String, Object> extra = new HashMap<>();
      for (var e : md.properties()) {
        if (!OWN.contains(e.getKey())) {
          extra.put(e.getKey(), Json.MAPPER.treeToValue(e.getValue(), Object.class));
        }
      }
      tags = new RequestTags(text(md, "conversation_id"), text(md, "x_correlation_id"), md.path("turn_index").asInt(),
          text(md, "root_correlation_id"), text(md, "parent_correlation_id"), md.has("lane") ? md.get("lane").asInt() : -1,
          md.path("agent_depth").asInt(), extra);
    }
    Long ttft = durationNs(metrics, Metric.TIME_TO_FIRST_TOKEN.tag());
    long[] chunks = new long[0];
    if (ttft != null) {
      JsonNode icl = metrics.path(Metric.INTER_CHUNK_LATENCY.tag()).path("value");
      chunks = new long[1 + icl.size()];
      chunks[0] = start + ttft;
      for (int i = 0; i < icl.size(); i++) {
        chunks[i + 1] = chunks[i] + Math.round(icl.get(i).asDouble() * 1e6);
      }
    }
    RequestError error = null;
    JsonNode e = line.get("error");
    if (e != null && !e.isNull()) {
      String kind = text(e, "kind");
      try {
        error = new RequestError(ErrorKind.valueOf(kind.toUpperCase(Locale.ROOT)), e.path("code").asInt(),
            text(e, "type"), text(e, "message"), null);
      } catch (RuntimeException bad) {
        throw new IllegalArgumentException("error.kind: unknown kind " + kind, bad);
      }
    }
    return new RequestRecord(phase, text(md, "x_request_id"), tags, ns(md, "credit_issued_ns"), start,
        start > 0 ? start / 1000 : 0, ns(md, "request_ack_ns"), chunks, ns(md, "request_end_ns"),
        tokens(metrics, Metric.INPUT_SEQUENCE_LENGTH.tag()), tokens(metrics, Metric.OUTPUT_TOKEN_COUNT.tag()),
        tokens(metrics, Metric.REASONING_TOKEN_COUNT.tag()),
        tokens(metrics, Metric.USAGE_PROMPT_CACHE_READ_TOKENS.tag()), null, null,
        text(md, "finish_reason"), error == null ? 200 : error.code(), error);
  }

  private static JsonNode field(JsonNode node, String name) {
    JsonNode v = node.get(name);
    if (v == null || !v.isObject()) {
      throw new IllegalArgumentException(name + ": missing or not an object");
    }
    return v;
  }

  private static String text(JsonNode node, String name) {
    JsonNode v = node.get(name);
    return v == null || v.isNull() ? null : v.asString();
  }

  private static long ns(JsonNode md, String name) {
    JsonNode v = md.get(name);
    return v == null || v.isNull() ? -1 : v.asLong();
  }

  private static Long durationNs(JsonNode metrics, String tag) {
    JsonNode v = metrics.path(tag).get("value");
    return v == null || v.isNull() ? null : Math.round(v.asDouble() * 1e6);
  }

  private static Integer tokens(JsonNode metrics, String tag) {
    JsonNode v = metrics.path(tag).get("value");
    return v == null || v.isNull() ? null : v.asInt();
  }
}
