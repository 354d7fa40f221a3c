package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.infermark.engine.fixtures.ChatScenario;
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
    assertThat(artifacts.resolve("chat-fixture/profile_export.jsonl")).doesNotExist();
  }

  /** Serves the model list and {@code healthy} completions, then stops listening (the server died). */
  private static HttpServer dyingServer(int healthy, AtomicInteger served) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/v1/models", ex -> respond(ex, "application/json", "{\"data\":[{\"id\":\"m\"}]}"));
    server.createContext("/v1/chat/completions", ex -> {
      ex.getRequestBody().readAllBytes();
      if (served.incrementAndGet() == healthy) {
        Thread.ofVirtual().start(() -> server.stop(0));
      }
      respond(ex, "text/event-stream", "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n");
    });
    server.start();
    return server;
  }

  private static void respond(HttpExchange ex, String type, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", type);
    ex.sendResponseHeaders(200, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  @Test
  void aServerThatDiesMidRunAbortsItWithArtifactsStampedWithTheReason() throws Exception {
    AtomicInteger served = new AtomicInteger();
    HttpServer server = dyingServer(30, served);
    int port = server.getAddress().getPort();
    EngineExecutionResults r;
    try {
      r = kit("127.0.0.1:" + port).configurationParameter("infermark.concurrency", "2")
          .configurationParameter("infermark.benchmark-duration", "1h")
          .configurationParameter("infermark.connection-failure-limit", "20").execute();
    } finally {
      server.stop(0);
    }
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("chat-fixture run"), finishedWithFailure(message(m ->
            m.contains("run aborted: 20 requests in a row failed to connect or lost their connection "
                + "(infermark.connection-failure-limit=20), the last: connection_refused")))))
        .haveExactly(1, event(test(), displayName("error_rate"), finishedWithFailure(message(m ->
            m.contains("connection_refused")))))
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 10000"), finishedSuccessfully()));
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("chat-fixture/profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("incomplete_reason").asString()).isEqualTo("connection_failures");
    assertThat(json.get("metadata").get("abort_reason").asString()).contains("20 requests in a row");
    assertThat(json.get("request_count").get("avg").asDouble()).isGreaterThan(0);
    assertThat(artifacts.resolve("chat-fixture/inputs.json")).exists();
  }
}
