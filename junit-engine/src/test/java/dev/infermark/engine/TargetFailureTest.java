package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.engine.fixtures.ChatScenario;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** A dead or dying target, through the real client: fail fast before load, abort when it dies. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TargetFailureTest {
  @TempDir
  Path artifacts;

  private EngineTestKit.Builder kit(String url) {
    return EngineTestKit.engine(new InfermarkTestEngine()).selectors(selectClass(ChatScenario.class))
        .configurationParameter("infermark.url", url)
        .configurationParameter("infermark.model", "m")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h");
  }

  @Test
  void nothingListeningFailsTheRunBeforeAnyLoadAndWritesNoArtifacts() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    EngineExecutionResults r = kit("127.0.0.1:" + port).configurationParameter("infermark.benchmark-duration", "1h")
        .execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("chat-fixture run"), finishedWithFailure(message(m ->
            m.contains("the target http://127.0.0.1:" + port + " cannot be benchmarked")
                && m.contains("nothing is listening at 127.0.0.1:" + port + " (connection refused)")))))
        .haveExactly(1, event(test(), displayName("error_rate"), skippedWithReason(x -> x.startsWith("the run failed"))));
    assertThat(artifacts.resolve("chat-fixture")).doesNotExist();
  }

  @Test
  void oneMistakeIsPrintedOnceNotOncePerParameterRun() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    java.io.PrintStream console = System.out;
    System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
    EngineExecutionResults r;
    try {
      r = EngineTestKit.engine(new InfermarkTestEngine())
          .selectors(selectClass(dev.infermark.engine.fixtures.ConcurrencySweepScenario.class))
          .configurationParameter("infermark.url", "127.0.0.1:" + port)
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.progress-interval", "1h").execute();
    } finally {
      System.setOut(console);
    }
    r.testEvents().assertStatistics(s -> s.failed(2)); // both runs fail, each with the whole cause
    String out = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(out.split("nothing is listening", -1)).as(out).hasSize(2);
    assertThat(out).contains("infermark: concurrency-sweep: the target cannot be benchmarked, as the run before found "
        + "(above)");
  }

  @Test
  void aServerThatDiesMidRunAbortsItWithArtifactsStampedWithTheReason() throws Exception {
    EngineExecutionResults r;
    try (FakeOpenAi server = FakeOpenAi.start()) {
      // a server that dies for good after 30 completions
      server.script(q -> {
        if (server.received() == 30) {
          Thread.ofVirtual().start(() -> server.outage(null));
        }
        return Answer.text("hi");
      });
      r = kit(server.url()).configurationParameter("infermark.concurrency", "2")
          .configurationParameter("infermark.benchmark-duration", "1h")
          .configurationParameter("infermark.connection-failure-limit", "20").execute();
    }
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("chat-fixture run"), finishedWithFailure(message(m ->
            m.contains("run aborted: 20 requests in a row failed to connect or lost their connection "
                + "(infermark.connection-failure-limit=20), the last: connection_refused")))))
        .haveExactly(1, event(test(), displayName("error_rate"), finishedWithFailure(message(m ->
            m.contains("connection_refused")))))
        // What an aborted run measured is shown, but it does not pass an SLO: the SLO is not judged.
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 10000"), abortedWithReason(message(m ->
            m.startsWith("not judged: the run was aborted (20 requests in a row failed to connect")))));
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("chat-fixture/latest/profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("incomplete_reason").asString()).isEqualTo("connection_failures");
    assertThat(json.get("metadata").get("abort_reason").asString()).contains("20 requests in a row");
    assertThat(json.get("request_count").get("avg").asDouble()).isGreaterThan(0);
    assertThat(artifacts.resolve("chat-fixture/latest/inputs.json")).exists();
    // The aborted run's report is written too, and says the run is partial (from the stamped export).
    assertThat(Files.readString(artifacts.resolve("chat-fixture/latest/report.html"))).contains("\"was_cancelled\":true");
  }
}
