package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.artifact.RunFolders;
import dev.infermark.json.Json;
import dev.infermark.report.BrowserCheck;
import dev.infermark.report.Compare;
import dev.infermark.testdata.SharedData;
import dev.infermark.testkit.CBuild;
import tools.jackson.databind.JsonNode;

/**
 * {@code compare} and the regression gate read the real AIPerf run folder and {@code vllm bench
 * serve} result in {@code shared/data/peer-outputs} beside a run of ours of the same workload: the
 * same C server ({@code sse_floor serve PORT 20 200 burst}, built here with {@code cc}), 200 streams at
 * once, 200 requests. The page says which tool made each run and where the definitions differ; the
 * AIPerf folder as our run's baseline gives a judged comparison. Skipped without the shared data or
 * a C compiler.
 */
class PeerCompareEndToEndTest {
  @TempDir
  Path dir;

  @Test
  void oursBesideAiperfAndVllmBenchOnOnePageWithTheirDefinitions() throws Exception {
    Path aiperf = SharedData.require("peer-outputs/aiperf-200x200");
    Path vllm = SharedData.require("peer-outputs/vllm-bench/vllm-bench-200x200.json");
    Path src = SharedData.path("../bench/sse_floor.c");
    assumeThat(src).exists();
    CBuild.Result built = CBuild.compile(src, dir.resolve("sse_floor"));
    assumeThat(built.ok()).as(String.valueOf(built.skipped())).isTrue();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process server = new ProcessBuilder(built.bin().toString(), "serve", Integer.toString(port), "20", "200", "burst").start();
    try {
      awaitListening(server);
      Path artifacts = dir.resolve("artifacts");
      EngineTestKit.engine("infermark").selectors(selectClass(FloorChat.class))
          .configurationParameter("infermark.url", "127.0.0.1:" + port)
          .configurationParameter("infermark.model", "floor")
          .configurationParameter("infermark.preflight", "false")
          .configurationParameter("infermark.no-server-metrics", "true")
          .configurationParameter("infermark.concurrency", "200")
          .configurationParameter("infermark.request-count", "200")
          .configurationParameter("infermark.benchmark-duration", "120s")
          .configurationParameter("infermark.benchmark-grace-period", "0s")
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.progress-interval", "1h")
          // AIPerf's run as the baseline: a comparison across tools, judged like one of ours
          .configurationParameter("infermark.baseline", aiperf.toString())
          .configurationParameter("infermark.regression-metrics", "request_latency:p50")
          .execute().testEvents().assertThatEvents().isNotEmpty();
      Path ours = RunFolders.latest(artifacts.resolve("floor-chat")).orElseThrow();

      JsonNode gate = Json.parse(Files.readString(ours.resolve("regression.json")));
      assertThat(gate.path("baseline").path("tool").asString()).isEqualTo("AIPerf");
      assertThat(gate.path("checks").valueStream().map(c -> c.path("metric").asString()).toList())
          .containsExactly("time_to_first_token", "request_latency");
      for (JsonNode c : gate.path("checks")) {
        assertThat(c.path("method").asString()).isEqualTo("bootstrap"); // AIPerf's per-request records were read
        assertThat(c.path("ci_low").asDouble()).isLessThanOrEqualTo(c.path("change").asDouble());
      }

      Path html = Compare.write(List.of(ours, aiperf, vllm), dir.resolve("compare.html"));
      String page = Files.readString(html);
      assertThat(page).contains("\"tool\":\"AIPerf\"", "\"tool\":\"vllm bench serve\"", "\"tool\":\"infermark\"");
      // vLLM's statistics lined up under our tags: its mean TTFT, its TPOT as ITL
      assertThat(page).contains("143.549486429999");
      Optional<Path> chromium = BrowserCheck.chromium();
      if (chromium.isEmpty() && !"true".equalsIgnoreCase(System.getenv(BrowserCheck.REQUIRE_ENV))) {
        return;
      }
      BrowserCheck.Result r = BrowserCheck.check(chromium.orElseThrow(), html, ReportPages.SHOTS.resolve("compare-peers.png"));
      assertThat(r.problems()).isEmpty();
      assertThat(r.dom()).contains("Tools and definitions", "vllm bench serve", "TPOT: per request", "Regression gate");
    } finally {
      server.destroy();
    }
  }

  private static void awaitListening(Process server) throws IOException {
    BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
    for (String line; (line = err.readLine()) != null;) {
      if (line.contains("listening")) {
        Thread.ofVirtual().start(() -> err.lines().forEach(l -> { }));
        return;
      }
    }
    throw new IOException("sse_floor serve exited before listening (exit " + server.exitValue() + ")");
  }
}
