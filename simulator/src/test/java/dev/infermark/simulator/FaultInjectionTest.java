package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** Every injected fault, each at rate 1 so the outcome is certain. */
class FaultInjectionTest {
  private static Simulator start(Fault f) throws IOException {
    return Simulator.start(SimulatorConfig.builder().timeScale(0.2).faults(FaultRates.only(f, 1.0))
        .slowHeadersDelay(Duration.ofMillis(300)).build());
  }

  @Test
  void httpErrorFaultsAnswerWithTheStatusAndAnOpenAiErrorObject() throws Exception {
    for (Fault f : new Fault[] {Fault.HTTP_429, Fault.HTTP_500, Fault.HTTP_503}) {
      try (Simulator s = start(f); TestClient c = new TestClient(s.baseUri())) {
        var r = c.post("/v1/chat/completions", TestClient.chat("hi", 5, true, true), "f-" + f);
        int expected = Integer.parseInt(f.name().substring(5));
        assertThat(r.status()).isEqualTo(expected);
        assertThat(r.json().path("error").path("code").asInt()).isEqualTo(expected);
        GroundTruth gt = s.groundTruth("f-" + f).orElseThrow();
        assertThat(gt.fault()).isEqualTo(f);
        assertThat(gt.httpStatus()).isEqualTo(expected);
        assertThat(s.metricsText()).contains("infermark_sim_faults_total{type=\"" + f.name().toLowerCase() + "\"} 1");
      }
    }
  }

  @Test
  void resetCutsTheStreamWithATcpReset() throws Exception {
    try (Simulator s = start(Fault.RESET); TestClient c = new TestClient(s.baseUri())) {
      assertThatThrownBy(() -> c.post("/v1/chat/completions", TestClient.chat("hi", 20, true, true), "reset-1"))
          .isInstanceOf(IOException.class);
      GroundTruth gt = s.groundTruth("reset-1").orElseThrow();
      assertThat(gt.fault()).isEqualTo(Fault.RESET);
      assertThat(gt.faultChunkIndex()).isBetween(0, 19);
      assertThat(gt.chunkSendNs()).hasSize(gt.faultChunkIndex());
      assertThat(gt.finishReason()).isNull();
    }
    // at the socket level the reset is an RST (connection reset), not an orderly end
    try (Simulator s = start(Fault.RESET); Socket sock = new Socket("127.0.0.1", s.port())) {
      sock.setSoTimeout(10_000);
      String body = TestClient.chat("hi", 20, true, true);
      OutputStream out = sock.getOutputStream();
      out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
          + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = sock.getInputStream();
      byte[] buf = new byte[8192];
      assertThatThrownBy(() -> {
        for (int i = 0; i < 10_000; i++) {
          if (in.read(buf) < 0) {
            return; // an orderly close would end here, failing the assertion
          }
        }
      }).isInstanceOf(SocketException.class).hasMessageContaining("reset");
    }
  }

  @Test
  void malformedChunkCarriesTruncatedJson() throws Exception {
    try (Simulator s = start(Fault.MALFORMED_CHUNK); TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat("hi", 8, true, true), "mal-1");
      assertThat(r.status()).isEqualTo(200);
      int bad = 0;
      for (String e : r.events()) {
        try {
          if (!e.equals("[DONE]")) {
            Json.parse(e);
          }
        } catch (RuntimeException parseError) {
          bad++;
        }
      }
      assertThat(bad).isEqualTo(1);
      assertThat(r.done()).isTrue();
      GroundTruth gt = s.groundTruth("mal-1").orElseThrow();
      assertThat(gt.fault()).isEqualTo(Fault.MALFORMED_CHUNK);
      assertThat(gt.faultChunkIndex()).isBetween(0, 7);
    }
  }

  @Test
  void missingDoneEndsTheStreamWithoutTheDoneEvent() throws Exception {
    try (Simulator s = start(Fault.MISSING_DONE); TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat("hi", 6, true, true), "nodone");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.events()).doesNotContain("[DONE]");
      JsonNode usage = r.chunks().get(r.chunks().size() - 1).path("usage");
      assertThat(usage.path("completion_tokens").asInt()).isEqualTo(6);
      assertThat(s.groundTruth("nodone").orElseThrow().fault()).isEqualTo(Fault.MISSING_DONE);
    }
  }

  @Test
  void slowHeadersHoldTheResponseHeadBackByTheDelay() throws Exception {
    try (Simulator s = start(Fault.SLOW_HEADERS); TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat("hi", 3, true, true), "slow");
      assertThat(r.status()).isEqualTo(200);
      GroundTruth gt = s.groundTruth("slow").orElseThrow();
      assertThat(gt.fault()).isEqualTo(Fault.SLOW_HEADERS);
      // the head left at least the configured 300 ms after arrival (sleeps only overshoot)
      assertThat(gt.headersSendNs() - gt.arrivalNs()).isGreaterThanOrEqualTo(300_000_000L);
      assertThat(gt.outputTokens()).isEqualTo(3);
    }
  }

  @Test
  void faultDrawsAreSeededPerRequestId() {
    FaultRates rates = new FaultRates(java.util.Map.of(Fault.HTTP_500, 0.5), Duration.ofSeconds(1));
    assertThat(rates.pick(0.49, true)).isEqualTo(Fault.HTTP_500);
    assertThat(rates.pick(0.5, true)).isNull();
    assertThat(FaultRates.only(Fault.MISSING_DONE, 1.0).pick(0.1, false)).isNull();
    assertThatThrownBy(() -> new FaultRates(java.util.Map.of(Fault.HTTP_500, 0.7, Fault.RESET, 0.6), Duration.ZERO))
        .hasMessageContaining("sum");
  }
}
