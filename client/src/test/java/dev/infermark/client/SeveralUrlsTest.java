package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.protocol.PreflightException;

/** One client over two loopback servers: where requests go, what their records say, what the preflight checks. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SeveralUrlsTest {
  private FakeOpenAi a;
  private FakeOpenAi b;

  @BeforeEach
  void start() throws Exception {
    a = FakeOpenAi.start();
    b = FakeOpenAi.start();
    a.handle(SeveralUrlsTest::openAi);
    b.handle(SeveralUrlsTest::openAi);
  }

  @AfterEach
  void stop() throws Exception {
    a.close();
    b.close();
  }

  private static void openAi(FakeOpenAi.Request r, FakeOpenAi.Conn c) throws Exception {
    if (r.path().equals("/v1/models")) {
      c.respond(200, "application/json", "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\"}]}");
      return;
    }
    c.startStream(200);
    c.data(OpenAiClientTest.delta("content", "Hi"));
    c.data("[DONE]");
    c.endStream();
  }

  private static OpenAiClient client(List<URI> urls) {
    return OpenAiClient.create(Settings.of(Map.of("model", "m", "request-timeout", "10s")), urls, new Progress());
  }

  private static InferenceRequest chat(String affinity) {
    return InferenceRequest.chat(RequestTags.of("c", "c", 0), List.of(ChatMessage.user("hi")), 4).withAffinity(affinity);
  }

  @Test
  void requestsAlternateAndEachRecordSaysWhere() {
    try (OpenAiClient c = client(List.of(a.uri(), b.uri()))) {
      assertThat(c.urls()).containsExactly(a.uri(), b.uri());
      int[] sent = new int[2];
      for (int i = 0; i < 6; i++) {
        RequestRecord r = c.send(chat(null));
        assertThat(r.ok()).isTrue();
        sent[r.urlIndex()]++;
      }
      assertThat(sent).containsExactly(3, 3);
    }
    assertThat(a.requests()).hasSize(3);
    assertThat(b.requests()).hasSize(3);
  }

  @Test
  void requestsOfOneAffinityStayOnOneUrl() {
    try (OpenAiClient c = client(List.of(a.uri(), b.uri()))) {
      for (int i = 0; i < 4; i++) {
        assertThat(c.send(chat("lane-0")).urlIndex()).isZero();
        assertThat(c.send(chat("lane-1")).urlIndex()).isOne();
      }
    }
    assertThat(a.requests()).hasSize(4);
    assertThat(b.requests()).hasSize(4);
  }

  @Test
  void thePreflightChecksEveryUrlAndNamesTheDeadOne() throws Exception {
    URI dead;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      dead = URI.create("http://127.0.0.1:" + s.getLocalPort());
    }
    try (OpenAiClient c = client(List.of(a.uri(), b.uri()))) {
      assertThat(c.preflight().orElseThrow()).contains(a.uri() + " serves m").contains(b.uri() + " serves m");
    }
    try (OpenAiClient c = client(List.of(a.uri(), dead))) {
      assertThatThrownBy(c::preflight).isInstanceOf(PreflightException.class).hasMessageContaining(dead.toString());
    }
  }
}
