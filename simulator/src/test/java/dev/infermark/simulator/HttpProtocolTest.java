package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.infermark.tokenizer.Tokenizer;

/** The HTTP/1.1 layer at the byte level: keep-alive, chunked request bodies, 100-continue, close. */
class HttpProtocolTest {
  static Simulator sim;

  @BeforeAll
  static void start() throws IOException {
    sim = Simulator.start(SimulatorConfig.builder().timeScale(0.2).build());
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }

  /** Reads one response (Content-Length or chunked); returns "STATUS\nBODY". */
  private static String readResponse(InputStream in) throws IOException {
    String status = readLine(in);
    while (status.startsWith("HTTP/1.1 100")) {
      readLine(in); // blank line after the interim response
      status = readLine(in);
    }
    long length = -1;
    boolean chunked = false;
    String h;
    while (!(h = readLine(in)).isEmpty()) {
      String lower = h.toLowerCase();
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(h.substring(15).trim());
      }
      if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (chunked) {
      for (int i = 0; i < 100_000; i++) {
        int size = Integer.parseInt(readLine(in).trim(), 16);
        if (size == 0) {
          readLine(in);
          break;
        }
        body.write(in.readNBytes(size));
        readLine(in);
      }
    } else {
      body.write(in.readNBytes((int) length));
    }
    return status.split(" ")[1] + "\n" + body.toString(StandardCharsets.UTF_8);
  }

  private static String post(String body, String extraHeaders) {
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + extraHeaders
        + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
  }

  @Test
  void oneConnectionCarriesRequestAfterRequest() throws Exception {
    try (Socket s = new Socket("127.0.0.1", sim.port())) {
      s.setSoTimeout(20_000);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      for (int i = 0; i < 3; i++) {
        out.write(post(TestClient.chat("hello " + i, 3, i % 2 == 0, true), "").getBytes(StandardCharsets.UTF_8));
        out.flush();
        String r = readResponse(in);
        assertThat(r).startsWith("200\n");
      }
      out.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      assertThat(readResponse(in)).isEqualTo("200\n");
    }
  }

  @Test
  void chunkedRequestBodiesAndExpectContinueAreAccepted() throws Exception {
    try (Socket s = new Socket("127.0.0.1", sim.port())) {
      s.setSoTimeout(20_000);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      byte[] body = TestClient.chat("one two three", 2, false, true).getBytes(StandardCharsets.UTF_8);
      out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
          + "Expect: 100-continue\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      assertThat(readLine(in)).isEqualTo("HTTP/1.1 100 Continue");
      assertThat(readLine(in)).isEmpty();
      int half = body.length / 2;
      out.write((Integer.toHexString(half) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(body, 0, half);
      out.write(("\r\n" + Integer.toHexString(body.length - half) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(body, half, body.length - half);
      out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      String r = readResponse(in);
      assertThat(r).startsWith("200\n").contains("\"completion_tokens\":2");
    }
  }

  @Test
  void connectionCloseIsHonoured() throws Exception {
    try (Socket s = new Socket("127.0.0.1", sim.port())) {
      s.setSoTimeout(20_000);
      s.getOutputStream().write(post(TestClient.chat("bye", 2, true, true), "Connection: close\r\n")
          .getBytes(StandardCharsets.UTF_8));
      InputStream in = s.getInputStream();
      assertThat(readResponse(in)).startsWith("200\n").contains("data: [DONE]");
      assertThat(in.read()).isEqualTo(-1);
    }
  }

  @Test
  void aGivenTokenizerCountsThePrompt() throws Exception {
    Tokenizer chars = new Tokenizer() {
      @Override
      public String name() {
        return "test:chars";
      }

      @Override
      public int[] encode(String text) {
        return text.chars().toArray();
      }

      @Override
      public String decode(int[] ids) {
        return new String(ids, 0, ids.length);
      }
    };
    try (Simulator s = Simulator.start(SimulatorConfig.builder().tokenizer(chars).chatTemplateOverhead(2).timeScale(0.2)
        .build()); TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat("abcdefghij", 4, false, true), null);
      assertThat(r.json().path("usage").path("prompt_tokens").asInt()).isEqualTo(10 + 2 + 2);
      assertThat(s.config().summary()).contains("tokenizer test:chars");
    }
  }
}
