package dev.infermark.baseline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.api.Metric;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What each tool's numbers mean, side by side with ours, and how another tool's result maps onto
 * our metric tags: AIPerf's artifacts use our layout and names (we implement its definitions, with
 * the differences listed here); a {@code vllm bench serve} result ({@code benchmark_serving.py
 * --save-result}) names its statistics {@code mean_ttft_ms}, {@code p99_itl_ms}, ... and defines some
 * of them differently. Read by {@code compare} (its definitions table) and by the regression gate.
 */
public final class PeerDefinitions {
  /**
   * One metric as each tool defines it.
   *
   * @param tag our metric's tag
   * @param ours our definition
   * @param aiperf AIPerf's, or {@code null} when the same as ours
   * @param vllm vLLM bench's (and which of its statistics maps here), or {@code null} when it has none
   * @param vllmSame whether vLLM's mapped statistic means what ours does
   */
  public record Definition(String tag, String ours, String aiperf, String vllm, boolean vllmSame) {}

  /** The metrics a comparison lines up, with where the tools' definitions differ. */
  public static final List<Definition> DEFINITIONS = List.of(
      new Definition(Metric.TIME_TO_FIRST_TOKEN.tag(),
          "first content chunk − request start; start is taken just before the request is handed to the transport "
              + "(body written), each chunk's time at the socket read that completed it",
          null,
          "first chunk − its own send time, taken before the HTTP POST (connection pooling and body encoding inside); the "
              + "chunk's time after aiohttp and the event loop delivered the line (mean/median/pNN_ttft_ms)",
          false),
      new Definition(Metric.INTER_TOKEN_LATENCY.tag(),
          "per request (request latency − TTFT) / (OSL − 1), statistics over requests; request latency ends at the last "
              + "response byte",
          "the same per-request mean, but ending at the last content chunk (AIPerf's full_response_inter_token_latency "
              + "ends at the response's end, as ours does)",
          "TPOT: per request (latency − TTFT) / (output tokens − 1), latency ending at the last chunk "
              + "(mean/median/pNN_tpot_ms)",
          false),
      new Definition(Metric.INTER_CHUNK_LATENCY.tag(),
          "every gap between consecutive content chunks, pooled over requests",
          null,
          "ITL: every gap between consecutive chunks, pooled over requests (mean/median/pNN_itl_ms); a chunk of several "
              + "tokens is one gap, as ours",
          true),
      new Definition(Metric.REQUEST_LATENCY.tag(),
          "last response byte − request start",
          null,
          "E2EL: last chunk − its own send time (mean/median/pNN_e2el_ms)",
          false),
      new Definition(Metric.OUTPUT_TOKEN_THROUGHPUT.tag(),
          "Σ output tokens / (last response end − first request start) of the profiling requests",
          null,
          "total output tokens / the whole benchmark's wall time, ramp-up and tail included (output_throughput)",
          false),
      new Definition(Metric.REQUEST_THROUGHPUT.tag(),
          "successful requests / (last response end − first request start) of the profiling requests",
          null,
          "completed requests / the whole benchmark's wall time (request_throughput)",
          false),
      new Definition(Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(),
          "per request 1 / ITL (tokens/s), statistics over requests",
          "1 / its ITL (so also ending at the last content chunk)",
          null,
          false),
      new Definition(Metric.OUTPUT_SEQUENCE_LENGTH.tag(),
          "output tokens from the server's usage (reasoning included)",
          "tokens of the received text counted with its tokenizer unless the server's usage is used",
          "tokens of the received text counted with its tokenizer (the target length with --ignore-eos)",
          false));

  private PeerDefinitions() {}

  /** Whether a JSON file is a {@code vllm bench serve} result. */
  public static boolean isVllmResult(JsonNode n) {
    return n.isObject() && (n.has("mean_ttft_ms") || n.has("median_ttft_ms")) && n.has("duration") && n.has("completed");
  }

  /**
   * A vLLM bench result's statistics in the AIPerf layout under our tags: TTFT as
   * {@code time_to_first_token}, TPOT as {@code inter_token_latency}, ITL as
   * {@code inter_chunk_latency}, E2EL as {@code request_latency} ({@code avg}, {@code p50},
   * {@code std}, {@code pNN} as given), throughputs and counts as {@code avg}.
   */
  public static ObjectNode vllmSummary(JsonNode n) {
    ObjectNode o = Json.object();
    distribution(o, n, "ttft", Metric.TIME_TO_FIRST_TOKEN);
    distribution(o, n, "tpot", Metric.INTER_TOKEN_LATENCY);
    distribution(o, n, "itl", Metric.INTER_CHUNK_LATENCY);
    distribution(o, n, "e2el", Metric.REQUEST_LATENCY);
    scalar(o, Metric.REQUEST_THROUGHPUT, n.path("request_throughput"));
    scalar(o, Metric.OUTPUT_TOKEN_THROUGHPUT, n.path("output_throughput"));
    scalar(o, Metric.REQUEST_COUNT, n.path("completed"));
    scalar(o, Metric.BENCHMARK_DURATION, n.path("duration"));
    scalar(o, Metric.TOTAL_OUTPUT_TOKENS, n.path("total_output_tokens"));
    scalar(o, Metric.TOTAL_ISL, n.path("total_input_tokens"));
    return o;
  }

  /** A vLLM bench result's settings in our names. */
  public static Map<String, String> vllmSettings(JsonNode n) {
    Map<String, String> s = new LinkedHashMap<>();
    text(s, "model", n.path("model_id"));
    text(s, "concurrency", n.path("max_concurrency"));
    text(s, "request-rate", n.path("request_rate"));
    text(s, "request-count", n.path("num_prompts"));
    text(s, "endpoint-type", n.path("backend").asString("").equals("openai-chat") ? Json.MAPPER.getNodeFactory().stringNode("chat")
        : n.path("backend"));
    return s;
  }

  /** AIPerf's {@code input_config} in our setting names. */
  public static Map<String, String> aiperfSettings(JsonNode c) {
    Map<String, String> s = new LinkedHashMap<>();
    JsonNode models = c.path("endpoint").path("model_names");
    if (models.isArray() && !models.isEmpty()) {
      s.put("model", String.join(",", models.valueStream().map(m -> m.asString("")).toList()));
    }
    text(s, "endpoint-type", c.path("endpoint").path("type"));
    text(s, "streaming", c.path("endpoint").path("streaming"));
    text(s, "url", c.path("endpoint").path("url"));
    text(s, "concurrency", c.path("loadgen").path("concurrency"));
    text(s, "request-count", c.path("loadgen").path("request_count"));
    text(s, "request-rate", c.path("loadgen").path("request_rate"));
    text(s, "benchmark-duration", c.path("loadgen").path("benchmark_duration"));
    return s;
  }

  private static void text(Map<String, String> s, String name, JsonNode v) {
    if (v != null && !v.isMissingNode() && !v.isNull()) {
      s.put(name, v.isString() ? v.asString() : v.toString());
    }
  }

  private static void distribution(ObjectNode o, JsonNode n, String vllm, Metric ours) {
    ObjectNode d = Json.object();
    d.put("unit", ours.unit()); // vLLM's *_ms statistics are in ours
    n.properties().forEach(e -> {
      String k = e.getKey();
      if (!e.getValue().isNumber() || !k.endsWith("_" + vllm + "_ms")) {
        return;
      }
      String stat = k.substring(0, k.length() - vllm.length() - 4);
      switch (stat) {
        case "mean" -> d.put("avg", e.getValue().asDouble());
        case "median" -> d.put("p50", e.getValue().asDouble());
        case "std" -> d.put("std", e.getValue().asDouble());
        default -> {
          if (stat.matches("p\\d+(\\.\\d+)?")) {
            d.put(stat.replaceAll("\\.0$", ""), e.getValue().asDouble());
          }
        }
      }
    });
    if (d.size() > 1) {
      o.set(ours.tag(), d);
    }
  }

  private static void scalar(ObjectNode o, Metric ours, JsonNode v) {
    if (v.isNumber()) {
      o.putObject(ours.tag()).put("unit", ours.unit()).put("avg", v.asDouble());
    }
  }
}
