package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Issue 14's acceptance: an AgentX smoke run against the embedded simulator ({@link AgentxSmokeRun}), read by the paths and
 * shapes InferenceX's AgentX post-processing reads ({@code process_agentic_result}: the per-record
 * export, {@code profile_export_aiperf.json}, {@code server_metrics_export.json}/{@code .csv}), with
 * every one populated.
 */
class InferencexFieldPathsTest {
  @Test
  void anAgentxSmokeRunHasEveryFieldInferencexReads() throws Exception {
    Path dir = AgentxSmokeRun.folder();

    // profile_export.jsonl: per-record metrics as {"value", "unit"}, full-response ITL included.
    List<JsonNode> profiling = Files.readAllLines(dir.resolve("profile_export.jsonl")).stream().map(Json::parse)
        .filter(r -> "profiling".equals(r.at("/metadata/benchmark_phase").asString()) && r.path("error").isNull())
        .toList();
    assertThat(profiling).isNotEmpty();
    for (String metric : List.of("time_to_first_token", "request_latency", "output_sequence_length",
        "input_sequence_length")) {
      assertThat(profiling).as(metric).allSatisfy(r -> assertThat(r.at("/metrics/" + metric + "/value").isNumber()).isTrue());
    }
    List<JsonNode> multiToken = profiling.stream()
        .filter(r -> r.at("/metrics/output_sequence_length/value").asDouble() >= 2).toList();
    assertThat(multiToken).isNotEmpty().allSatisfy(r -> {
      assertThat(r.at("/metrics/full_response_inter_token_latency/value").isNumber()).isTrue();
      assertThat(r.at("/metrics/full_response_inter_token_latency/unit").asString()).isEqualTo("ms");
      assertThat(r.at("/metrics/inter_token_latency/value").isNumber()).isTrue();
    });
    assertThat(profiling).allSatisfy(r -> {
      assertThat(r.at("/metadata/x_correlation_id").asString()).isNotBlank();
      assertThat(r.at("/metadata/request_start_ns").isNumber()).isTrue();
      assertThat(r.at("/metadata/request_end_ns").isNumber()).isTrue();
    });

    // profile_export_aiperf.json
    JsonNode aiperf = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
    JsonNode hit = aiperf.get("theoretical_prefix_cache_hit");
    assertThat(hit.get("unit").asString()).isEqualTo("%");
    assertThat(hit.get("avg").isNumber()).isTrue();
    assertThat(hit.get("count").asLong()).isPositive();
    assertThat(hit.get("sum").isNumber()).isTrue();
    for (String metric : List.of("request_count", "time_to_first_token", "request_latency", "inter_token_latency",
        "full_response_inter_token_latency", "output_token_throughput")) {
      assertThat(aiperf.at("/" + metric + "/avg").isNumber()).as(metric).isTrue();
    }
    assertThat(aiperf.at("/time_to_first_token/p90").isNumber()).isTrue();
    // start_time/end_time: the profiling phase (ISO-8601), inside the records' span
    Instant start = Instant.parse(aiperf.get("start_time").asString());
    Instant end = Instant.parse(aiperf.get("end_time").asString());
    assertThat(end).isAfter(start);
    List<JsonNode> all = Files.readAllLines(dir.resolve("profile_export.jsonl")).stream().map(Json::parse).toList();
    long firstWarmupNs = all.stream().filter(r -> "warmup".equals(r.at("/metadata/benchmark_phase").asString()))
        .mapToLong(r -> r.at("/metadata/request_start_ns").asLong()).min().orElseThrow();
    long firstProfilingNs = profiling.stream().mapToLong(r -> r.at("/metadata/request_start_ns").asLong()).min().orElseThrow();
    long startNs = start.getEpochSecond() * 1_000_000_000L + start.getNano();
    assertThat(startNs).as("the profiling phase's start, not the run's").isGreaterThan(firstWarmupNs)
        .isLessThanOrEqualTo(firstProfilingNs + 1_000_000);
    assertThat(aiperf.at("/metadata/dataset").isObject()).isTrue();

    // server_metrics_export.json: {"metrics": {name: {"series": [{"labels", "stats": {...}}]}}}, vLLM by prefix
    JsonNode metrics = Json.parse(Files.readString(dir.resolve("server_metrics_export.json"))).get("metrics");
    assertThat(metrics.propertyNames()).anyMatch(n -> n.startsWith("vllm:"));
    for (String counter : List.of("vllm:prefix_cache_hits", "vllm:prefix_cache_queries", "vllm:prompt_tokens",
        "vllm:generation_tokens")) {
      JsonNode series = metrics.at("/" + escape(counter) + "/series/0");
      assertThat(series.get("labels").isObject()).as(counter).isTrue();
      assertThat(series.at("/stats/total").isNumber()).as(counter).isTrue();
    }
    assertThat(metrics.at("/" + escape("vllm:prefix_cache_queries") + "/series/0/stats/total").asDouble()).isPositive();
    JsonNode kv = metrics.at("/" + escape("vllm:kv_cache_usage_perc") + "/series/0/stats");
    assertThat(kv.get("avg").isNumber()).isTrue();
    assertThat(kv.get("max").isNumber()).isTrue();
    assertThat(metrics.at("/" + escape("vllm:num_requests_running") + "/series/0/stats/avg").isNumber()).isTrue();
    // recipes with AIPERF_REQUIRED_SERVER_METRIC_PREFIX also need a non-empty CSV
    assertThat(Files.readString(dir.resolve("server_metrics_export.csv"))).contains("vllm:");
  }

  /** A JSON Pointer segment (metric names hold no '/' or '~', but say so). */
  private static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }
}
