package dev.infermark.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a server-sent-event byte stream into messages. Messages end at a blank line
 * ({@code \n\n} or {@code \r\n\r\n}); {@code data:} lines join with {@code \n}; {@code event:} is
 * kept; comments ({@code :}) and other fields are ignored; an unterminated message at the end of
 * the stream is still delivered by {@link #finish}. Each message carries the receive time of the
 * read that completed it. Lines that lie whole in one read are read in place, and a message of one
 * {@code data:} line within one read is handed on as a slice of that read: the bytes are copied
 * only when a line or a message spans reads. Not thread-safe: one per response.
 */
final class SseDecoder {
  /**
   * Receives each complete message. {@code data} holds the joined {@code data:} lines in
   * {@code data[off..off+length)} (valid only during the call), or is {@code null} when the
   * message had no data line.
   */
  interface Handler {
    void onMessage(String event, byte[] data, int off, int length, long receivedNs);
  }

  /** A single SSE line longer than this is a protocol error, not a reason to run out of memory. */
  static final int MAX_LINE = 64 << 20;

  private final Handler handler;
  /** A line that spans reads (allocated when one does). */
  private byte[] line = new byte[0];
  private int lineLen;
  /** The message's data when it is ours: joined lines, or a slice kept past its read. */
  private byte[] own = new byte[0];
  /** Where the message's data is: {@link #own}, or the read being fed. */
  private byte[] data;
  private int dataOff;
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
        if (lineLen == 0) {
          endLine(b, start, i - start, receivedNs);
        } else {
          append(b, start, i - start);
          int n = lineLen;
          lineLen = 0;
          endLine(line, 0, n, receivedNs);
        }
        start = i + 1;
      }
    }
    append(b, start, end - start);
    if (hasData && data == b) {
      keep(0); // the message goes on in the next read: its data must outlive this one
    }
  }

  /** Ends the stream: a pending line and message are delivered. */
  void finish(long receivedNs) {
    if (lineLen > 0) {
      int n = lineLen;
      lineLen = 0;
      endLine(line, 0, n, receivedNs);
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
      line = Arrays.copyOf(line, Math.max(Math.max(lineLen + len, 256), Math.min(MAX_LINE, line.length * 2)));
    }
    System.arraycopy(b, off, line, lineLen, len);
    lineLen += len;
  }

  /** One line, {@code l[from..from+n)} without its LF: in the read itself, or in {@link #line}. */
  private void endLine(byte[] l, int from, int n, long receivedNs) {
    if (n > 0 && l[from + n - 1] == '\r') {
      n--;
    }
    if (n == 0) {
      dispatch(receivedNs);
      return;
    }
    if (l[from] == ':') {
      return;
    }
    int end = from + n;
    int colon = from;
    while (colon < end && l[colon] != ':') {
      colon++;
    }
    int valueStart = colon < end ? colon + 1 : end;
    if (valueStart < end && l[valueStart] == ' ') {
      valueStart++;
    }
    int nameLen = colon - from;
    if (is(l, from, "data", nameLen)) {
      int len = end - valueStart;
      if (!hasData && l != line) {
        // the message's first data line, in the read: a slice, no copy
        data = l;
        dataOff = valueStart;
        dataLen = len;
      } else {
        keep(len + 1);
        if (hasData) {
          own[dataLen++] = '\n';
        }
        System.arraycopy(l, valueStart, own, dataLen, len);
        dataLen += len;
      }
      hasData = true;
    } else if (is(l, from, "event", nameLen)) {
      event = new String(l, valueStart, end - valueStart, StandardCharsets.UTF_8);
    }
  }

  /** Makes the message's data ours ({@link #own} from offset 0), with room for {@code more} bytes. */
  private void keep(int more) {
    int have = hasData ? dataLen : 0;
    if (have + more > own.length) {
      byte[] bigger = new byte[Math.max(Math.max(have + more, 256), own.length * 2)];
      if (hasData) {
        System.arraycopy(data, dataOff, bigger, 0, have);
      }
      own = bigger;
    } else if (hasData && data != own) {
      System.arraycopy(data, dataOff, own, 0, have);
    }
    data = own;
    dataOff = 0;
    dataLen = have;
  }

  private static boolean is(byte[] l, int from, String field, int nameLen) {
    if (nameLen != field.length()) {
      return false;
    }
    for (int i = 0; i < nameLen; i++) {
      if (l[from + i] != field.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private void dispatch(long receivedNs) {
    if (hasData || event != null) {
      boolean d = hasData;
      byte[] arr = data;
      int o = dataOff;
      int len = dataLen;
      String e = event;
      data = null;
      dataOff = 0;
      dataLen = 0;
      hasData = false;
      event = null;
      handler.onMessage(e, d ? arr : null, o, len, receivedNs);
    }
  }

  /** A stream that breaks the SSE framing. */
  static final class SseException extends Exception {
    SseException(String message) {
      super(message);
    }
  }
}
