package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class SseDecoderTest {
  record Msg(String event, String data, long t) {}

  private final List<Msg> got = new ArrayList<>();
  private final SseDecoder d = new SseDecoder(
      (e, data, off, len, t) -> got.add(new Msg(e, data == null ? null : new String(data, off, len, StandardCharsets.UTF_8), t)));

  private void feed(String s, long t) throws Exception {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    d.feed(b, 0, b.length, t);
  }

  @Test
  void messagesOfOneReadShareItsTimeAndSplitMessagesTakeTheCompletingRead() throws Exception {
    feed("data: a\n\ndata: b\n\ndata: c", 1);
    feed("c\n", 2);
    feed("\n", 3);
    assertThat(got).containsExactly(new Msg(null, "a", 1), new Msg(null, "b", 1), new Msg(null, "cc", 3));
  }

  @Test
  void crlfMultiLineDataEventsCommentsAndOtherFields() throws Exception {
    feed(": keep-alive\r\nid: 7\r\nretry: 10\r\nevent: error\r\ndata: line1\r\ndata:line2\r\n\r\n", 5);
    feed("data\n\n", 6);
    feed("event: ping\n\n", 7);
    assertThat(got).containsExactly(new Msg("error", "line1\nline2", 5), new Msg(null, "", 6), new Msg("ping", null, 7));
  }

  @Test
  void unterminatedMessageAtEndIsDelivered() throws Exception {
    feed("data: {\"x\":1}", 4);
    d.finish(9);
    assertThat(got).containsExactly(new Msg(null, "{\"x\":1}", 9));
  }

  @Test
  void multiByteCharactersSplitAcrossReads() throws Exception {
    byte[] b = "data: héllo €\n\n".getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < b.length; i++) {
      d.feed(b, i, 1, i);
    }
    assertThat(got).extracting(Msg::data).containsExactly("héllo €");
  }

  /**
   * Whatever the read boundaries, the same messages, although messages are handed on as slices of
   * the read where they lie whole in it: each read's buffer is overwritten after its feed, so data
   * kept by reference past its read would show.
   */
  @Test
  void anySplitIntoReadsGivesTheSameMessages() throws Exception {
    String stream = "data: {\"a\":1}\n\n: ping\r\nevent: x\r\ndata: one\r\ndata: two\r\n\r\ndata: héllo\n\ndata: last\n\n";
    byte[] all = stream.getBytes(StandardCharsets.UTF_8);
    List<String> expected = List.of("null {\"a\":1}", "x one\ntwo", "null héllo", "null last");
    for (int i = 0; i <= all.length; i++) {
      for (int j = i; j <= all.length; j++) {
        got.clear();
        SseDecoder fresh = new SseDecoder(
            (e, data, off, len, t) -> got.add(new Msg(e, new String(data, off, len, StandardCharsets.UTF_8), t)));
        for (int[] part : new int[][] {{0, i}, {i, j}, {j, all.length}}) {
          byte[] read = java.util.Arrays.copyOfRange(all, part[0], part[1]);
          fresh.feed(read, 0, read.length, part[0]);
          java.util.Arrays.fill(read, (byte) '#');
        }
        fresh.finish(all.length);
        assertThat(got).as("split at %d and %d", i, j).extracting(m -> m.event() + " " + m.data()).isEqualTo(expected);
      }
    }
  }

  @Test
  void absurdLineIsAProtocolError() {
    byte[] chunk = new byte[1 << 20];
    java.util.Arrays.fill(chunk, (byte) 'x');
    assertThatThrownBy(() -> {
      for (int i = 0; i < 70; i++) {
        d.feed(chunk, 0, chunk.length, i);
      }
    }).isInstanceOf(SseDecoder.SseException.class).hasMessageContaining("MiB");
  }
}
