package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.artifact.RunFolders;
import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.json.Json;
import dev.infermark.servermetrics.ServerMetricsExport;
import tools.jackson.databind.JsonNode;

/**
 * A run against the embedded simulator scrapes its {@code /metrics} by default and writes
 * AIPerf's server-metrics files with the figures InferenceX reads, over the profiling window only:
 * the server's token counters equal the client's totals exactly (the warmup is left out).
 */
class ServerMetricsEndToEndTest {
  @TempDir
  Path artifacts;

  @Scenario(name = "server-metrics-e2e", description = "Repeated prompts: the prefix cache hits")
  @Concurrency(4)
  @Measurement(duration = "3s")
  public static class RepeatedPrompt {
    @Workload
    Conversations conversations(SyntheticText text) {
      return Conversations.repeat(Turn.user(text.tokens(256)).maxTokens(16));
    }
  }

  @Test
  void theRunWritesServerMetricsOverTheProfilingWindow() throws Exception {
    EngineExecutionResults r = EngineTestKit.engine("infermark")
        .selectors(selectClass(RepeatedPrompt.class))
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.random-seed", "7")
        .configurationParameter("infermark.warmup-request-count", "8")
        .configurationParameter("infermark.server-metrics-interval", "100ms")
        .configurationParameter("infermark.progress-interval", "30s")
        .execute();
    r.testEvents().assertStatistics(s -> s.failed(0));
    Path dir = RunFolders.all(artifacts).getFirst();
    for (String f : List.of(ServerMetricsExport.JSON, ServerMetricsExport.CSV, ServerMetricsExport.JSONL,
        ServerMetricsExport.METADATA)) {
      assertThat(dir.resolve(f)).as(f).isNotEmptyFile();
    }
    JsonNode json = Json.MAPPER.readTree(dir.resolve(ServerMetricsExport.JSON).toFile());
    JsonNode metrics = json.get("metrics");
    // the paths InferenceX's vLLM adapter reads
    for (String counter : List.of("vllm:prompt_tokens", "vllm:generation_tokens", "vllm:prefix_cache_hits",
        "vllm:prefix_cache_queries")) {
      assertThat(metrics.get(counter).get("series").get(0).get("stats").get("total").isNumber()).as(counter).isTrue();
    }
    assertThat(metrics.get("vllm:kv_cache_usage_perc").get("series").get(0).get("stats").get("max").isNumber()).isTrue();
    JsonNode d = json.get("derived");
    assertThat(d.get("window").get("source").asString()).isEqualTo("profiling phase marks");
    assertThat(d.get("prefix_cache_hit_rate").get("gpu").asDouble()).isGreaterThan(0.5);
    assertThat(d.get("kv_cache_usage_percent").get("max").asDouble()).isGreaterThan(0);
    assertThat(d.get("running_requests").get("max").asDouble()).isGreaterThan(0);
    assertThat(d.get("server_time_to_first_token_ms").get("count").asDouble()).isGreaterThan(0);
    assertThat(d.get("preemptions").isNumber()).isTrue();

    JsonNode profile = Json.MAPPER.readTree(dir.resolve("profile_export_aiperf.json").toFile());
    double clientIn = profile.get("total_isl").get("avg").asDouble();
    double clientOut = profile.get("total_osl").get("avg").asDouble();
    assertThat(d.get("prompt_tokens").asDouble()).isEqualTo(clientIn);
    assertThat(d.get("generation_tokens").asDouble()).isEqualTo(clientOut);
    assertThat(d.get("cross_checks")).allSatisfy(c -> assertThat(c.get("ok").asBoolean()).as(c.toString()).isTrue());
  }

  @Test
  void endpointsWithoutMetricsCostOneNoteEachAndTheRunGoesOn() throws Exception {
    int closedPort;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    FakeOpenAi notFound = FakeOpenAi.start(); // answers 404 on /metrics
    String absent = notFound.metrics().toString();
    String unreachable = "http://127.0.0.1:" + closedPort + "/metrics";
    java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
    java.io.PrintStream original = System.out;
    System.setOut(new java.io.PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      EngineTestKit.engine("infermark")
          .selectors(selectClass(RepeatedPrompt.class))
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.random-seed", "7")
          .configurationParameter("infermark.benchmark-duration", "1s")
          .configurationParameter("infermark.server-metrics", absent + "," + unreachable)
          .configurationParameter("infermark.progress-interval", "30s")
          .execute().testEvents().assertStatistics(s -> s.failed(0));
    } finally {
      System.setOut(original);
      notFound.close();
    }
    List<String> notes = console.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
        .filter(l -> l.startsWith("infermark: server metrics: http")).toList();
    assertThat(notes).hasSize(2);
    assertThat(notes).filteredOn(l -> l.contains(absent)).singleElement().asString().contains("HTTP 404");
    assertThat(notes).filteredOn(l -> l.contains(unreachable)).singleElement().asString().contains("cannot be reached");
    Path dir = RunFolders.all(artifacts).getFirst();
    JsonNode json = Json.MAPPER.readTree(dir.resolve(ServerMetricsExport.JSON).toFile());
    assertThat(json.get("summary").get("endpoints_configured")).hasSize(3);
    assertThat(json.get("summary").get("endpoints_successful")).hasSize(1);
  }
}
