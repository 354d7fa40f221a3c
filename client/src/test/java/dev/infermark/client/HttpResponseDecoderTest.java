package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpResponseDecoderTest {
  /** What the decoder reported. */
  static final class Got implements HttpResponseDecoder.Listener {
    final List<String> events = new ArrayList<>();
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    boolean stopAfterFirstBody;

    @Override
    public void onHead(int status, String contentType, boolean keepAlive) {
      events.add("head " + status + " " + contentType + " keepAlive=" + keepAlive);
    }

    @Override
    public boolean onBody(byte[] b, int off, int len) {
      body.write(b, off, len);
      return !stopAfterFirstBody;
    }

    @Override
    public void onEnd(boolean more) {
      events.add("end more=" + more);
    }

    String body() {
      return body.toString(StandardCharsets.UTF_8);
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static Got decode(String response) throws ProtocolException {
    Got g = new Got();
    byte[] b = bytes(response);
    new HttpResponseDecoder(g).feed(b, 0, b.length);
    return g;
  }

  static final String CHUNKED = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "e\r\ndata: {\"a\":1}\n\r\n" + "18;ext=1\r\ndata: {\"b\":2}\n\ndata: [DO\r\n" + "5 \r\nNE]\n\n\r\n" + "0\r\nX-Trailer: t\r\n\r\n";

  /**
   * Whatever the read boundaries, the same head, body and end, though body bytes are handed on as
   * slices of the read: each read's buffer is overwritten after its feed.
   */
  @Test
  void anySplitIntoReadsGivesTheSameResponse() throws Exception {
    byte[] all = bytes(CHUNKED);
    for (int i = 0; i <= all.length; i++) {
      for (int j = i; j <= all.length; j++) {
        Got g = new Got();
        HttpResponseDecoder d = new HttpResponseDecoder(g);
        for (int[] part : new int[][] {{0, i}, {i, j}, {j, all.length}}) {
          byte[] read = Arrays.copyOfRange(all, part[0], part[1]);
          assertThat(d.feed(read, 0, read.length)).isTrue();
          Arrays.fill(read, (byte) '#');
        }
        assertThat(g.events).as("split at %d and %d", i, j)
            .containsExactly("head 200 text/event-stream keepAlive=true", "end more=false");
        assertThat(g.body()).isEqualTo("data: {\"a\":1}\n" + "data: {\"b\":2}\n\ndata: [DONE]\n\n");
      }
    }
  }

  @Test
  void contentLengthBodyAndTheNextResponseAfterReset() throws Exception {
    Got g = new Got();
    HttpResponseDecoder d = new HttpResponseDecoder(g);
    byte[] first = bytes("HTTP/1.1 429 Too Many\r\ncontent-type: application/json\r\nCONTENT-LENGTH: 5\r\n\r\nhello");
    d.feed(first, 0, first.length);
    assertThat(g.events).containsExactly("head 429 application/json keepAlive=true", "end more=false");
    d.reset();
    byte[] second = bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nokEXTRA");
    d.feed(second, 0, second.length);
    assertThat(g.events).endsWith("head 200  keepAlive=false", "end more=true");
    assertThat(g.body()).isEqualTo("hellook");
  }

  @Test
  void informationalResponsesAreSkippedAndBodilessStatusesEndWithTheHead() throws Exception {
    Got g = decode("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n");
    assertThat(g.events).containsExactly("head 204  keepAlive=true", "end more=false");
    assertThat(decode("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").events).containsExactly("head 200  keepAlive=true",
        "end more=false");
  }

  @Test
  void http10KeepsAliveOnlyWhenAsked() throws Exception {
    assertThat(decode("HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx").events).first().asString().endsWith("keepAlive=false");
    assertThat(decode("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 1\r\n\r\nx").events).first().asString()
        .endsWith("keepAlive=true");
  }

  @Test
  void aBodyWithoutLengthEndsWhenTheConnectionCloses() throws Exception {
    Got g = new Got();
    HttpResponseDecoder d = new HttpResponseDecoder(g);
    byte[] b = bytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"x\":");
    d.feed(b, 0, b.length);
    assertThat(d.endsAtClose()).isTrue();
    b = bytes("1}");
    d.feed(b, 0, b.length);
    d.closed();
    assertThat(g.events).containsExactly("head 200 application/json keepAlive=false", "end more=false");
    assertThat(g.body()).isEqualTo("{\"x\":1}");
  }

  @Test
  void aListenerThatWantsNoMoreStopsTheDecoder() throws Exception {
    Got g = new Got();
    g.stopAfterFirstBody = true;
    byte[] b = bytes(CHUNKED);
    assertThat(new HttpResponseDecoder(g).feed(b, 0, b.length)).isFalse();
    assertThat(g.events).containsExactly("head 200 text/event-stream keepAlive=true");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n", // not hex
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", // no size
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", // no CRLF after the data
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\rX", // CR without LF
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\n", // 17 hex digits
      "HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
      "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n",
      "HTTP/1.1 200 OK\r\nName : value\r\n\r\n",
      "HTTP/2 200\r\n\r\n",
      "HTTP/1.1 2x0 OK\r\n\r\n",
      "SSH-2.0-OpenSSH_9.6\r\n",
  })
  void brokenFramingIsAProtocolError(String response) {
    assertThatThrownBy(() -> decode(response)).isInstanceOf(ProtocolException.class);
  }

  @Test
  void anEndlessHeadIsAProtocolError() {
    String big = "HTTP/1.1 200 OK\r\n" + ("X-Pad: " + "p".repeat(1000) + "\r\n").repeat(70);
    assertThatThrownBy(() -> decode(big)).isInstanceOf(ProtocolException.class).hasMessageContaining("64 KiB");
  }

  @Test
  void bytesAfterTheEndAreNotParsed() throws Exception {
    Got g = decode("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nxHTTP/1.1 200 OK\r\n\r\n");
    assertThat(g.events).containsExactly("head 200  keepAlive=true", "end more=true");
  }
}
