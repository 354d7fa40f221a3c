package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The server over time from server_metrics_export.jsonl: what is drawn, and what is absent rather than 0. */
class ServerSeriesTest {
  static final long T0 = FixtureRun.T0;
  static final String A = "http://127.0.0.1:8000/metrics";
  static final String B = "http://127.0.0.1:8001/metrics";

  @TempDir
  Path dir;

  final List<String> lines = new ArrayList<>();
  final List<String> notes = new ArrayList<>();

  /** A JSONL line of {@code endpoint} at {@code ms} after T0; {@code metrics} as name, value pairs ("name{k=v}" for labels). */
  void scrape(String endpoint, long ms, Object... metrics) {
    ObjectNode o = Json.object().put("endpoint_url", endpoint).put("timestamp_ns", T0 + ms * 1_000_000L);
    ObjectNode m = o.putObject("metrics");
    for (int i = 0; i < metrics.length; i += 2) {
      String name = (String) metrics[i];
      ObjectNode series = Json.object();
      int brace = name.indexOf('{');
      if (brace > 0) {
        String[] kv = name.substring(brace + 1, name.length() - 1).split("=");
        series.putObject("labels").put(kv[0], kv[1]);
        name = name.substring(0, brace);
      }
      if (metrics[i + 1] instanceof double[] hist) { // a histogram: its sum counts
        series.putObject("buckets").put("+Inf", hist[1]);
        series.put("sum", hist[0]).put("count", hist[1]);
      } else {
        series.put("value", ((Number) metrics[i + 1]).doubleValue());
      }
      (m.has(name) ? (ArrayNode) m.get(name) : m.putArray(name)).add(series);
    }
    o.put("endpoint_latency_ns", 1000);
    lines.add(Json.write(o));
  }

  JsonNode model() throws IOException {
    Files.write(dir.resolve(ServerSeries.JSONL), lines);
    return ServerSeries.of(dir, T0, notes);
  }

  static List<Object> values(JsonNode line) {
    List<Object> out = new ArrayList<>();
    line.path("v").forEach(v -> out.add(v.isNull() ? null : v.asDouble()));
    return out;
  }

  @Test
  void hitRateIsPerScrapeIntervalAndAResetOrAnIdleIntervalHasNoPoint() throws IOException {
    scrape(A, 0, "vllm:prefix_cache_hits", 0, "vllm:prefix_cache_queries", 0);
    scrape(A, 1000, "vllm:prefix_cache_hits", 5, "vllm:prefix_cache_queries", 10);
    scrape(A, 2000, "vllm:prefix_cache_hits", 8, "vllm:prefix_cache_queries", 20);
    scrape(A, 3000, "vllm:prefix_cache_hits", 8, "vllm:prefix_cache_queries", 20); // no query: no rate
    scrape(A, 4000, "vllm:prefix_cache_hits", 1, "vllm:prefix_cache_queries", 2); // restart: the interval is lost
    scrape(A, 5000, "vllm:prefix_cache_hits", 3, "vllm:prefix_cache_queries", 6);

    JsonNode m = model();

    JsonNode hit = m.path("charts").path("hit_rate");
    assertThat(hit).hasSize(1);
    assertThat(hit.get(0).path("label").asString()).isEqualTo("GPU");
    assertThat(hit.get(0).path("metric").asString()).isEqualTo("vllm:prefix_cache_hits ÷ vllm:prefix_cache_queries");
    // the first scrape starts no interval; each point sits at its interval's end
    assertThat(hit.get(0).path("t").toString()).isEqualTo("[1.0,2.0,3.0,4.0,5.0]");
    assertThat(values(hit.get(0))).containsExactly(0.5, 0.3, null, null, 0.5);
    assertThat(m.path("backends").toString()).isEqualTo("[\"vllm\"]");
  }

  @Test
  void aMetricTheServerDoesNotExposeIsAbsentNotZero() throws IOException {
    scrape(A, 0, "vllm:num_requests_running", 2, "vllm:prompt_tokens", 0);
    scrape(A, 1000, "vllm:num_requests_running", 3, "vllm:prompt_tokens", 100);

    JsonNode m = model();

    assertThat(m.path("charts").has("kv_usage")).isFalse();
    assertThat(m.path("charts").has("hit_rate")).isFalse();
    JsonNode req = m.path("charts").path("requests");
    assertThat(req).hasSize(1); // running only: no waiting line of zeros
    assertThat(req.get(0).path("label").asString()).isEqualTo("running");
    assertThat(values(req.get(0))).containsExactly(2.0, 3.0);
    assertThat(m.path("missing").toString())
        .contains("KV-cache usage: the server exposed none (backend vllm).")
        .contains("Prefix-cache hit rate: the server exposed none (backend vllm).")
        .contains("Waiting requests: the server exposed none (backend vllm).");
  }

  @Test
  void aScrapeWithoutTheGaugeHasNoPointAndLabelSetsAreAddedOrAveraged() throws IOException {
    scrape(A, 0, "vllm:kv_cache_usage_perc{engine=0}", 0.2, "vllm:kv_cache_usage_perc{engine=1}", 0.4,
        "vllm:num_requests_running{engine=0}", 2, "vllm:num_requests_running{engine=1}", 5);
    scrape(A, 500, "vllm:num_requests_waiting", 1);

    JsonNode c = model().path("charts");

    assertThat(values(c.path("kv_usage").get(0))).containsExactly(30.0, null); // mean of the engines, in percent
    assertThat(values(c.path("requests").get(0))).containsExactly(7.0, null); // running: the engines added
    assertThat(values(c.path("requests").get(1))).containsExactly(null, 1.0); // waiting
  }

  @Test
  void severalEndpointsGetOneLineEachAndSayWhich() throws IOException {
    scrape(A, 0, "vllm:kv_cache_usage_perc", 0.5);
    scrape(B, 100, "vllm:kv_cache_usage_perc", 0.25);
    scrape(A, 1000, "vllm:kv_cache_usage_perc", 0.75);

    JsonNode m = model();

    assertThat(m.path("per_endpoint").asBoolean()).isTrue();
    JsonNode kv = m.path("charts").path("kv_usage");
    assertThat(kv).hasSize(2);
    assertThat(kv.get(0).path("label").asString()).isEqualTo("KV-cache usage · " + A);
    assertThat(values(kv.get(0))).containsExactly(50.0, 75.0);
    assertThat(kv.get(1).path("label").asString()).isEqualTo("KV-cache usage · " + B);
    assertThat(kv.get(1).path("t").toString()).isEqualTo("[0.1]");
  }

  @Test
  void eachBackendsOwnNamesAreRead() throws IOException {
    // SGLang: GPU and CPU (host) hit rates from cached tokens by source; llama.cpp has no cache counters
    scrape(A, 0, "sglang:cached_tokens{cache_source=device}", 0, "sglang:cached_tokens{cache_source=host}", 0,
        "sglang:prompt_tokens", 0, "sglang:token_usage", 0.1);
    scrape(A, 1000, "sglang:cached_tokens{cache_source=device}", 30, "sglang:cached_tokens{cache_source=host}", 10,
        "sglang:prompt_tokens", 100, "sglang:token_usage", 0.2);
    scrape(B, 0, "llamacpp:kv_cache_usage_ratio", 0.5, "llamacpp:requests_processing", 1, "llamacpp:requests_deferred", 0);

    JsonNode m = model();

    JsonNode hit = m.path("charts").path("hit_rate");
    assertThat(hit).hasSize(3);
    assertThat(hit.get(0).path("label").asString()).isEqualTo("GPU · " + A);
    assertThat(values(hit.get(0))).containsExactly(0.3);
    assertThat(hit.get(1).path("label").asString()).isEqualTo("CPU offload · " + A);
    assertThat(values(hit.get(1))).containsExactly(0.1);
    assertThat(hit.get(2).path("label").asString()).isEqualTo("overall · " + A);
    assertThat(values(hit.get(2))).containsExactly(0.4);
    JsonNode kv = m.path("charts").path("kv_usage");
    assertThat(values(kv.get(0))).containsExactly(10.0, 20.0);
    assertThat(kv.get(1).path("metric").asString()).isEqualTo("llamacpp:kv_cache_usage_ratio");
    assertThat(values(kv.get(1))).containsExactly(50.0);
    assertThat(m.path("charts").path("requests")).hasSize(2); // llama.cpp processing and deferred; this SGLang shows none
    assertThat(m.path("backends").toString()).isEqualTo("[\"sglang\",\"llamacpp\"]");
  }

  @Test
  void theEngineComesBeforeDynamoAndDynamoFillsWhatItLacks() throws IOException {
    // Dynamo's token totals as histograms: their sums are the running totals
    scrape(A, 0, "vllm:kv_cache_usage_perc", 0.5, "dynamo_component_gpu_cache_usage_percent", 0.9,
        "dynamo_frontend_cached_tokens", new double[] {0, 0}, "dynamo_frontend_input_sequence_tokens", new double[] {0, 0});
    scrape(A, 1000, "vllm:kv_cache_usage_perc", 0.5, "dynamo_component_gpu_cache_usage_percent", 0.9,
        "dynamo_frontend_cached_tokens", new double[] {60, 2}, "dynamo_frontend_input_sequence_tokens", new double[] {200, 2});

    JsonNode m = model();

    assertThat(m.path("charts").path("kv_usage").get(0).path("metric").asString()).isEqualTo("vllm:kv_cache_usage_perc");
    JsonNode hit = m.path("charts").path("hit_rate");
    assertThat(hit.get(0).path("label").asString()).isEqualTo("overall");
    assertThat(values(hit.get(0))).containsExactly(0.3);
  }

  @Test
  void vllmPromptTokensBySourceWinOverTheHitCounters() throws IOException {
    scrape(A, 0, "vllm:prompt_tokens_by_source{source=local_cache_hit}", 0, "vllm:prompt_tokens_by_source{source=local_compute}", 0,
        "vllm:prefix_cache_hits", 0, "vllm:prefix_cache_queries", 0);
    scrape(A, 1000, "vllm:prompt_tokens_by_source{source=local_cache_hit}", 25, "vllm:prompt_tokens_by_source{source=local_compute}", 75,
        "vllm:prefix_cache_hits", 99, "vllm:prefix_cache_queries", 100);

    JsonNode hit = model().path("charts").path("hit_rate");

    assertThat(hit).hasSize(1); // no external_kv_transfer series: no external line
    assertThat(values(hit.get(0))).containsExactly(0.25);
    assertThat(hit.get(0).path("metric").asString()).startsWith("vllm:prompt_tokens_by_source{source=\"local_cache_hit\"}");
  }

  @Test
  void countersThatNeverMoveGiveALineSayingSoRatherThanAnEmptyChart() throws IOException {
    scrape(A, 0, "vllm:prefix_cache_hits", 0, "vllm:prefix_cache_queries", 0);
    scrape(A, 1000, "vllm:prefix_cache_hits", 0, "vllm:prefix_cache_queries", 0);

    JsonNode m = model();

    assertThat(m.path("charts").has("hit_rate")).isFalse();
    assertThat(m.path("missing").toString()).contains("no query was counted between two scrapes");
  }

  @Test
  void noFileNoScrapeNoKnownBackendAndBadLinesEachSaySo() throws IOException {
    assertThat(ServerSeries.of(dir, T0, notes).path("none").asString()).contains("recorded no server metrics");

    Files.writeString(dir.resolve(ServerSeries.JSONL), "");
    assertThat(ServerSeries.of(dir, T0, notes).path("none").asString()).contains("No /metrics endpoint answered");

    lines.add("{not json");
    scrape(A, 0, "process_cpu_seconds", 1.0);
    JsonNode m = model();
    assertThat(m.path("charts").isEmpty()).isTrue();
    assertThat(m.path("missing")).hasSize(3);
    assertThat(m.path("missing").get(0).asString()).isEqualTo("KV-cache usage: the server exposed none (no backend recognised by its metric names).");
    assertThat(notes).singleElement().asString().startsWith(ServerSeries.JSONL + ": 1 unreadable line(s) skipped (first at line 1:");
  }
}
