package dev.infermark.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.json.Json;
import dev.infermark.observer.Mark;
import dev.infermark.prometheus.Expositions;
import tools.jackson.databind.JsonNode;

/**
 * The scraper against a loopback server. The interval is an hour, so the scrapes are exactly the
 * baseline, one per mark and the last at close: the test knows what each one saw.
 */
class ServerMetricsRecorderTest {
  @TempDir
  Path dir;
  final List<String> notes = new CopyOnWriteArrayList<>();

  private ServerMetricsRecorder start(URI url, Duration timeout) throws Exception {
    return ServerMetricsRecorder.start(new ServerMetricsRecorder.Config(List.of(url), Duration.ofHours(1), timeout,
        Duration.ofSeconds(5), NanoClock.system(), dir.resolve(ServerMetricsExport.JSONL), notes::add));
  }

  static String vllm(long prompt, long hits, double kv, long ttftFast, long ttftSlow) {
    return """
        # HELP vllm:prompt_tokens_total Number of prefill tokens processed.
        # TYPE vllm:prompt_tokens_total counter
        vllm:prompt_tokens_total{engine="0",model_name="m"} %d.0
        # HELP vllm:prefix_cache_queries_total Prefix cache queries.
        # TYPE vllm:prefix_cache_queries_total counter
        vllm:prefix_cache_queries_total{engine="0",model_name="m"} %d.0
        # HELP vllm:prefix_cache_hits_total Prefix cache hits.
        # TYPE vllm:prefix_cache_hits_total counter
        vllm:prefix_cache_hits_total{engine="0",model_name="m"} %d.0
        # HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.
        # TYPE vllm:kv_cache_usage_perc gauge
        vllm:kv_cache_usage_perc{engine="0",model_name="m"} %s
        # HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.
        # TYPE vllm:time_to_first_token_seconds histogram
        vllm:time_to_first_token_seconds_bucket{engine="0",le="0.1",model_name="m"} %d.0
        vllm:time_to_first_token_seconds_bucket{engine="0",le="1.0",model_name="m"} %d.0
        vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",model_name="m"} %d.0
        vllm:time_to_first_token_seconds_count{engine="0",model_name="m"} %d.0
        vllm:time_to_first_token_seconds_sum{engine="0",model_name="m"} %s
        # HELP vllm:cache_config_info Cache config.
        # TYPE vllm:cache_config_info gauge
        vllm:cache_config_info{block_size="16"} 1.0
        """.formatted(prompt, prompt, hits, kv, ttftFast, ttftFast + ttftSlow, ttftFast + ttftSlow,
        ttftFast + ttftSlow, 0.05 * ttftFast + 0.5 * ttftSlow);
  }

  @Test
  void statisticsCoverTheProfilingWindowAndTheExportsHaveAIPerfsShape() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.pages(p -> Answer.metrics(vllm(1000, 0, 0.10, 0, 0)));
      ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(5));
      server.awaitAnswered(1); // baseline (warmup traffic before the window)
      server.pages(p -> Answer.metrics(vllm(1500, 100, 0.20, 10, 0)));
      r.mark(Mark.PROFILING_START);
      server.awaitAnswered(1);
      server.pages(p -> Answer.metrics(vllm(3500, 1100, 0.60, 40, 10)));
      r.mark(Mark.PROFILING_END);
      server.awaitAnswered(1);
      server.pages(p -> Answer.metrics(vllm(9999, 9999, 0.99, 99, 99))); // after the window
      r.close();
      Window w = r.window();
      assertThat(w.marked()).isTrue();
      ServerMetricsReport report = r.export(dir, w, new ClientTotals(2000L, null, 1000L, 10), "bench-1");

      assertThat(notes).isEmpty();
      assertThat(report.files()).extracting(Path::getFileName).extracting(Path::toString)
          .containsExactly(ServerMetricsExport.JSON, ServerMetricsExport.CSV, ServerMetricsExport.METADATA);
      JsonNode json = Json.MAPPER.readTree(dir.resolve(ServerMetricsExport.JSON).toFile());
      assertThat(json.get("schema_version").asString()).isEqualTo("1.0");
      assertThat(json.get("benchmark_id").asString()).isEqualTo("bench-1");
      JsonNode summary = json.get("summary");
      assertThat(summary.get("endpoints_configured").get(0).asString()).isEqualTo(server.metrics().toString());
      assertThat(summary.get("endpoints_successful").get(0).asString()).isEqualTo(server.metrics().toString());
      JsonNode info = summary.get("endpoint_info").get(server.metrics().toString());
      assertThat(info.get("total_fetches").asLong()).isEqualTo(4);
      assertThat(info.get("unique_updates").asLong()).isEqualTo(4);
      assertThat(info.has("avg_fetch_latency_ms")).isTrue();

      // InferenceX's path: metrics.<name>.series[].stats.total; counters under prometheus_client's name
      JsonNode prompt = json.get("metrics").get("vllm:prompt_tokens");
      assertThat(prompt.get("type").asString()).isEqualTo("counter");
      assertThat(prompt.get("unit").asString()).isEqualTo("tokens");
      assertThat(prompt.get("description").asString()).isEqualTo("Number of prefill tokens processed.");
      JsonNode ps = prompt.get("series").get(0);
      assertThat(ps.get("endpoint_url").asString()).isEqualTo(server.metrics().toString());
      assertThat(ps.get("labels").get("model_name").asString()).isEqualTo("m");
      assertThat(ps.get("stats").get("total").asDouble()).isEqualTo(2000.0);
      assertThat(names(ps.get("stats"))).containsExactly("total", "rate");
      assertThat(json.get("metrics").has("vllm:prompt_tokens_total")).isFalse();

      JsonNode kv = json.get("metrics").get("vllm:kv_cache_usage_perc").get("series").get(0).get("stats");
      assertThat(names(kv)).containsExactly("avg", "min", "max", "std", "p1", "p5", "p10", "p25", "p50", "p75", "p90",
          "p95", "p99");
      assertThat(kv.get("avg").asDouble()).isCloseTo(0.40, org.assertj.core.data.Offset.offset(1e-12));
      assertThat(kv.get("max").asDouble()).isEqualTo(0.60);
      assertThat(kv.get("min").asDouble()).isEqualTo(0.20);

      JsonNode ttft = json.get("metrics").get("vllm:time_to_first_token_seconds").get("series").get(0);
      assertThat(ttft.get("stats").get("count").asLong()).isEqualTo(40);
      assertThat(ttft.get("stats").get("sum").asDouble()).isCloseTo(0.05 * 30 + 0.5 * 10, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(names(ttft.get("stats"))).containsExactly("count", "sum", "avg", "count_rate", "sum_rate",
          "p1_estimate", "p5_estimate", "p10_estimate", "p25_estimate", "p50_estimate", "p75_estimate", "p90_estimate",
          "p95_estimate", "p99_estimate");
      // per-bucket increases, cumulative: 30 fast, 10 slow
      assertThat(ttft.get("buckets").get("0.1").asLong()).isEqualTo(30);
      assertThat(ttft.get("buckets").get("1.0").asLong()).isEqualTo(40);
      assertThat(ttft.get("buckets").get("+Inf").asLong()).isEqualTo(40);
      assertThat(ttft.get("stats").get("p50_estimate").asDouble()).isCloseTo(0.1 * 20 / 30,
          org.assertj.core.data.Offset.offset(1e-12));
      assertThat(json.get("metrics").has("vllm:cache_config_info")).isTrue();

      // the derived figures over the window and the cross-checks
      JsonNode d = json.get("derived");
      assertThat(d.get("backends").get(0).asString()).isEqualTo("vllm");
      assertThat(d.get("prefix_cache_hit_rate").get("gpu").asDouble()).isEqualTo(1000.0 / 2000.0);
      assertThat(d.get("kv_cache_usage_percent").get("max").asDouble()).isCloseTo(60.0, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(d.get("server_time_to_first_token_ms").get("count").asDouble()).isEqualTo(40);
      assertThat(d.get("prompt_tokens").asDouble()).isEqualTo(2000.0);
      assertThat(d.get("window").get("source").asString()).isEqualTo("profiling phase marks");
      assertThat(d.get("cross_checks")).hasSize(2);
      assertThat(report.warnings()).isEmpty();

      // the time series: every scrape (all four differ), AIPerf's slim lines, no _info family
      List<String> lines = Files.readAllLines(dir.resolve(ServerMetricsExport.JSONL));
      assertThat(lines).hasSize(4);
      JsonNode first = Json.MAPPER.readTree(lines.get(0));
      assertThat(names(first)).containsExactly("endpoint_url", "timestamp_ns", "endpoint_latency_ns", "metrics",
          "request_sent_ns", "first_byte_ns");
      JsonNode h = first.get("metrics").get("vllm:time_to_first_token_seconds").get(0);
      assertThat(names(h)).containsExactly("labels", "buckets", "sum", "count");
      assertThat(first.get("metrics").get("vllm:prompt_tokens").get(0).get("value").asDouble()).isEqualTo(1000.0);
      assertThat(first.get("metrics").has("vllm:cache_config_info")).isFalse();

      String csv = Files.readString(dir.resolve(ServerMetricsExport.CSV), StandardCharsets.UTF_8);
      assertThat(csv).contains("Endpoint,Type,Metric,Unit,avg,min,max,std,p1,")
          .contains("Endpoint,Type,Metric,Unit,total,rate,engine,model_name,Description")
          .contains("Endpoint,Type,Metric,Unit,count,count_rate,sum,sum_rate,avg,p1_estimate,")
          .contains("Endpoint,Metric,Key,Value,Description")
          .contains(server.metrics() + ",counter,vllm:prompt_tokens,tokens,2000.0000,");

      JsonNode meta = Json.MAPPER.readTree(dir.resolve(ServerMetricsExport.METADATA).toFile());
      JsonNode ep = meta.get("endpoints").get(server.metrics().toString());
      assertThat(ep.get("endpoint_url").asString()).isEqualTo(server.metrics().toString());
      JsonNode schema = ep.get("metric_schemas").get("vllm:time_to_first_token_seconds");
      assertThat(schema.get("type").asString()).isEqualTo("histogram");
      assertThat(schema.get("bucket_labels").toString()).isEqualTo("[\"0.1\",\"1.0\",\"+Inf\"]");
      assertThat(schema.get("unique_label_values").get("model_name").toString()).isEqualTo("[\"m\"]");
      assertThat(ep.get("info_metrics").get("vllm:cache_config_info").get("labels").get(0).get("block_size").asString())
          .isEqualTo("16");
    }
  }

  @Test
  void identicalScrapesAreDeduplicatedKeepingTheFirstAndLastOfEachRun() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.pages(p -> Answer.metrics(vllm(1, 0, 0.1, 0, 0)));
      ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(5));
      server.awaitAnswered(1);
      for (int i = 0; i < 3; i++) {
        r.mark(Mark.WARMUP);
        server.awaitAnswered(1);
      }
      server.pages(p -> Answer.metrics(vllm(2, 0, 0.1, 0, 0)));
      r.mark(Mark.PROFILING_START);
      server.awaitAnswered(1);
      r.close(); // a fifth copy of B
      // A,A,A,A,B,B -> A,A,B,B
      List<String> lines = Files.readAllLines(dir.resolve(ServerMetricsExport.JSONL));
      assertThat(lines).extracting(l -> Json.MAPPER.readTree(l).get("metrics").get("vllm:prompt_tokens").get(0)
          .get("value").asDouble()).containsExactly(1.0, 1.0, 2.0, 2.0);
    }
  }

  @Test
  void anAbsentEndpointIsNotedOnceAndLeftAlone() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(5));
      server.awaitAnswered(2); // /metrics, then TensorRT-LLM's /prometheus/metrics
      r.mark(Mark.PROFILING_START);
      r.mark(Mark.PROFILING_END);
      r.close();
      assertThat(server.paths()).containsExactly("/metrics", "/prometheus/metrics");
      assertThat(notes).singleElement().asString().contains(server.metrics().toString()).contains("HTTP 404")
          .contains("not scraped for the rest of the run");
      ServerMetricsReport report = r.export(dir, r.window(), ClientTotals.NONE, "b");
      assertThat(report.files()).isEmpty();
      assertThat(dir.resolve(ServerMetricsExport.JSON)).doesNotExist();
    }
  }

  @Test
  void malformedTextIsNotedOnceWithTheLine() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.pages(p -> Answer.metrics("# TYPE a gauge\na{x=\"1} 1\n"));
      ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(5));
      server.awaitAnswered(2);
      r.close();
      assertThat(notes).singleElement().asString().contains("is not valid Prometheus text").contains("line 2")
          .contains("not scraped for the rest of the run");
    }
  }

  @Test
  void aBodyThatIsNotPrometheusTextIsGivenUpOnAtItsFirstLine() throws Exception {
    // a server that answers every path with a completion stream (sse_floor, some proxies): read to its end,
    // the scrape would wait for the whole stream, and the run for the scrape
    String sse = "data: {\"choices\":[{\"delta\":{\"content\":\" tok\"}}]}\n\n";
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.handle(endless("text/plain", sse));
      assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(10));
        r.mark(Mark.PROFILING_START);
        r.close();
        assertThat(server.paths()).containsExactly("/metrics", "/prometheus/metrics");
        assertThat(notes).singleElement().asString().contains("is not valid Prometheus text").contains("line 1")
            .contains("not scraped for the rest of the run");
      });
    }
  }

  @Test
  void anEventStreamIsGivenUpOnAtItsHeaders() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.handle(endless("text/event-stream", ""));
      assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(10));
        r.mark(Mark.PROFILING_START);
        r.close();
        assertThat(server.paths()).containsExactly("/metrics", "/prometheus/metrics");
        assertThat(notes).singleElement().asString().contains("answered text/event-stream, not Prometheus text")
            .contains("not scraped for the rest of the run");
      });
    }
  }

  @Test
  void tensorRtLlmsPrometheusPathIsFoundWhenMetricsAnswersJson() throws Exception {
    String trtllm = Expositions.resource("trtllm.txt");
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.pages(p -> p.path().equals("/metrics") ? Answer.page(200, "application/json", "[{\"iter\":1}]")
          : Answer.metrics(trtllm));
      ServerMetricsRecorder r = start(server.metrics(), Duration.ofSeconds(5));
      server.awaitAnswered(2);
      r.mark(Mark.PROFILING_START);
      server.awaitAnswered(1);
      r.close();
      assertThat(server.paths()).containsExactly("/metrics", "/prometheus/metrics", "/prometheus/metrics",
          "/prometheus/metrics");
      assertThat(notes).singleElement().asString().contains("application/json").contains("/prometheus/metrics instead");
      ServerMetricsReport report = r.export(dir, r.window(), ClientTotals.NONE, "b");
      assertThat(report.derived().backends).containsExactly("trtllm");
      assertThat(report.derived().gpuHitRate).isEqualTo(0.75);
    }
  }

  @Test
  void aSlowEndpointIsNotedOnceAndCloseDoesNotWaitForIt() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start()) {
      server.pages(p -> Answer.hang()); // never answers
      assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
        ServerMetricsRecorder r = start(server.metrics(), Duration.ofMillis(200));
        r.mark(Mark.PROFILING_START);
        r.mark(Mark.PROFILING_END);
        r.close();
        assertThat(notes).singleElement().asString().contains("did not answer within 200 ms");
        assertThat(r.export(dir, r.window(), ClientTotals.NONE, "b").files()).isEmpty();
      });
    }
  }

  @Test
  void anUnreachableEndpointIsNotedOnce() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerMetricsRecorder r = start(URI.create("http://127.0.0.1:" + port + "/metrics"), Duration.ofSeconds(2));
    r.mark(Mark.PROFILING_START);
    r.mark(Mark.PROFILING_END);
    r.close();
    assertThat(notes).singleElement().asString().contains("cannot be reached");
  }

  @Test
  void urlsAreNormalisedAsAIPerfDoes() {
    assertThat(ServerMetricsRecorder.metricsUrl("localhost:8000")).hasToString("http://localhost:8000/metrics");
    assertThat(ServerMetricsRecorder.metricsUrl("http://h:9090/")).hasToString("http://h:9090/metrics");
    assertThat(ServerMetricsRecorder.metricsUrl("http://h:9090/prometheus/metrics"))
        .hasToString("http://h:9090/prometheus/metrics");
  }

  static List<String> names(JsonNode o) {
    List<String> n = new java.util.ArrayList<>();
    o.propertyNames().forEach(n::add);
    return n;
  }

  /** Every path answered with {@code start}, then held open (a stream that goes on) until the server closes. */
  private static FakeOpenAi.Handler endless(String contentType, String start) {
    return (r, c) -> {
      c.write("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nTransfer-Encoding: chunked\r\n\r\n");
      if (!start.isEmpty()) {
        c.chunk(start);
      }
      c.stall();
    };
  }
}
