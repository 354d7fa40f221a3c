package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.agentx.InferencexAgentxMvp;
import dev.infermark.json.Json;
import dev.infermark.testdata.SharedData;
import tools.jackson.databind.JsonNode;

/**
 * Issue 6's acceptance run: the AgentX MVP scenario against the embedded simulator on the real
 * kv-cache-tester traces (read in place from ../shared; skipped when absent), with unsafe-override.
 */
class AgentxKvCacheTesterTest {
  private static final Path TRACES = SharedData.path("weka/kv-cache-tester");

  @TempDir
  Path artifacts;

  @Test
  void replaysTheRealTracesAndStampsTheRunInvalid() throws Exception {
    assumeTrue(Files.isDirectory(TRACES), "shared data absent: " + TRACES.toAbsolutePath());
    int lanes = 4;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(new TeeStream(original, console), true, StandardCharsets.UTF_8));
    try {
      EngineTestKit.engine("infermark").selectors(selectClass(InferencexAgentxMvp.class))
          .configurationParameter("infermark.input-file", TRACES.toAbsolutePath().toString())
          .configurationParameter("infermark.unsafe-override", "true")
          .configurationParameter("infermark.concurrency", Integer.toString(lanes))
          .configurationParameter("infermark.benchmark-duration", "30s")
          .configurationParameter("infermark.benchmark-grace-period", "10s")
          // trace_0014 grows past the simulator's 131,072-token window: keep the traces that fit
          .configurationParameter("infermark.max-context-length", "100000")
          .configurationParameter("infermark.random-seed", "7")
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .execute().testEvents().assertStatistics(s -> s.failed(0));
    } finally {
      System.setOut(original);
    }
    Path dir = artifacts.resolve("inferencex-agentx-mvp/latest");
    JsonNode json = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
    JsonNode md = json.get("metadata");
    assertThat(md.get("submission_valid").booleanValue()).isFalse();
    assertThat(md.get("submission_invalid_reasons").toString()).contains("unsafe_override");
    assertThat(md.get("agentic_replay").get("max_live_trees").intValue()).isBetween(1, lanes);
    assertThat(json.get("request_count").get("avg").doubleValue()).isPositive();
    List<JsonNode> profiling = Files.readAllLines(dir.resolve("profile_export.jsonl")).stream().map(Json::parse)
        .filter(r -> "profiling".equals(r.get("metadata").get("benchmark_phase").asString())).toList();
    assertThat(profiling).isNotEmpty();
    assertThat(profiling).allSatisfy(r -> assertThat(r.get("metadata").path("root_correlation_id").asString()).isNotBlank());
    // server metrics over the profiling window (issue 14): the shape InferenceX reads
    JsonNode server = Json.parse(Files.readString(dir.resolve("server_metrics_export.json")));
    assertThat(server.get("metrics").get("vllm:prefix_cache_hits").get("series").get(0).get("stats").get("total")
        .isNumber()).isTrue();
    assertThat(server.get("derived").get("window").get("source").asString()).isEqualTo("profiling phase marks");
    assertThat(server.get("derived").get("prefix_cache_hit_rate").get("gpu").doubleValue()).isPositive();
    String out = console.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("Time to First Token (ms)").containsPattern("submission_valid +false +reasons unsafe_override");
  }

  /** Writes to both the real console and a buffer. */
  private static final class TeeStream extends java.io.OutputStream {
    private final java.io.OutputStream a;
    private final java.io.OutputStream b;

    TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int c) throws java.io.IOException {
      a.write(c);
      b.write(c);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws java.io.IOException {
      a.write(buf, off, len);
      b.write(buf, off, len);
    }
  }
}
