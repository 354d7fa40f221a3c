package dev.infermark.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a server-sent-event byte stream into messages. Messages end at a blank line
 * ({@code \n\n} or {@code \r\n\r\n}); {@code data:} lines join with {@code \n}; {@code event:} is
 * kept; comments ({@code :}) and other fields are ignored; an unterminated message at the end of
 * the stream is still delivered by {@link #finish}. Each message carries the receive time of the
 * read that completed it. Not thread-safe: one per response.
 */
final class SseDecoder {
  /**
   * Receives each complete message. {@code data} holds the joined {@code data:} lines in
   * {@code data[0..length)} (valid only during the call), or is {@code null} when the message had
   * no data line.
   */
  interface Handler {
    void onMessage(String event, byte[] data, int length, long receivedNs);
  }

  /** A single SSE line longer than this is a protocol error, not a reason to run out of memory. */
  static final int MAX_LINE = 64 << 20;

  private final Handler handler;
  private byte[] line = new byte[512];
  private int lineLen;
  private byte[] data = new byte[512];
  private int dataLen;
  private boolean hasData;
  private String event;

  SseDecoder(Handler handler) {
    this.handler = handler;
  }

  /** Feeds bytes of one read, all received at {@code receivedNs}. */
  void feed(byte[] b, int off, int len, long receivedNs) throws SseException {
    int end = off + len;
    int start = off;
    for (int i = off; i < end; i++) {
      if (b[i] == '\n') {
        append(b, start, i - start);
        endLine(receivedNs);
        start = i + 1;
      }
    }
    append(b, start, end - start);
  }

  /** Ends the stream: a pending line and message are delivered. */
  void finish(long receivedNs) {
    if (lineLen > 0) {
      endLine(receivedNs);
    }
    dispatch(receivedNs);
  }

  private void append(byte[] b, int off, int len) throws SseException {
    if (len == 0) {
      return;
    }
    if (lineLen + len > line.length) {
      if (lineLen + len > MAX_LINE) {
        throw new SseException("an SSE line exceeds " + (MAX_LINE >> 20) + " MiB");
      }
      line = Arrays.copyOf(line, Math.max(lineLen + len, Math.min(MAX_LINE, line.length * 2)));
    }
    System.arraycopy(b, off, line, lineLen, len);
    lineLen += len;
  }

  private void endLine(long receivedNs) {
    int n = lineLen;
    lineLen = 0;
    if (n > 0 && line[n - 1] == '\r') {
      n--;
    }
    if (n == 0) {
      dispatch(receivedNs);
      return;
    }
    if (line[0] == ':') {
      return;
    }
    int colon = -1;
    for (int i = 0; i < n; i++) {
      if (line[i] == ':') {
        colon = i;
        break;
      }
    }
    int nameEnd = colon < 0 ? n : colon;
    int valueStart = colon < 0 ? n : colon + 1;
    if (valueStart < n && line[valueStart] == ' ') {
      valueStart++;
    }
    if (is("data", nameEnd)) {
      int len = n - valueStart;
      if (dataLen + len + 1 > data.length) {
        data = Arrays.copyOf(data, Math.max(dataLen + len + 1, data.length * 2));
      }
      if (hasData) {
        data[dataLen++] = '\n';
      }
      System.arraycopy(line, valueStart, data, dataLen, len);
      dataLen += len;
      hasData = true;
    } else if (is("event", nameEnd)) {
      event = new String(line, valueStart, n - valueStart, StandardCharsets.UTF_8);
    }
  }

  private boolean is(String field, int nameEnd) {
    if (nameEnd != field.length()) {
      return false;
    }
    for (int i = 0; i < nameEnd; i++) {
      if (line[i] != field.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private void dispatch(long receivedNs) {
    if (hasData || event != null) {
      boolean d = hasData;
      int len = dataLen;
      String e = event;
      dataLen = 0;
      hasData = false;
      event = null;
      handler.onMessage(e, d ? data : null, len, receivedNs);
    }
  }

  /** A stream that breaks the SSE framing. */
  static final class SseException extends Exception {
    SseException(String message) {
      super(message);
    }
  }
}
