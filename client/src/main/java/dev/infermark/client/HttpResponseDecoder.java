package dev.infermark.client;

import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * HTTP/1.1 response framing over the bytes of each network read as they come, for the Netty
 * transport: status line and headers, then a chunked, {@code Content-Length} or close-delimited
 * body whose bytes go to the {@link Listener} as slices of the read itself: no object per HTTP
 * chunk, no copy of the body (the head, once per response, is copied). Informational (1xx)
 * responses are skipped; 204 and 304 have no body. Anything that breaks the framing is a
 * {@link ProtocolException}. Not thread-safe: one per connection, reused response after response.
 */
final class HttpResponseDecoder {
  /** Receives one response. */
  interface Listener {
    /** The final response's status line and headers. */
    void onHead(int status, String contentType, boolean keepAlive);

    /**
     * Body bytes {@code b[off..off+len)}, valid only during the call.
     *
     * @return false when the rest is not wanted: the decoder stops, the connection is dropped
     */
    boolean onBody(byte[] b, int off, int len);

    /**
     * The response ended as HTTP says.
     *
     * @param more bytes follow it in the same read (nothing was asked for them: the connection
     *     cannot be trusted for another request)
     */
    void onEnd(boolean more);
  }

  /** Status line, headers (and trailers) together at most this long: proxies add many. */
  static final int MAX_HEAD = 64 * 1024;
  /** A chunk-size line (with extensions) at most this long. */
  static final int MAX_CHUNK_LINE = 4096;

  private enum State {
    HEAD, CHUNK_SIZE, CHUNK_EXT, CHUNK_SIZE_LF, CHUNK_DATA, CHUNK_DATA_CR, CHUNK_DATA_LF, TRAILER, FIXED, UNTIL_CLOSE, ENDED
  }

  private final Listener listener;
  private State state = State.HEAD;
  /** The current head (or trailer) line, across reads. */
  private byte[] line = new byte[256];
  private int lineLen;
  private boolean lineDone;
  private int headBytes;
  private boolean statusSeen;
  private int status;
  private boolean http11;
  private String contentType;
  private long contentLength = -1;
  private boolean chunked;
  private Boolean connectionKeepAlive;
  private long remaining;
  private int sizeDigits;
  private int chunkLineBytes;

  HttpResponseDecoder(Listener listener) {
    this.listener = listener;
  }

  /** Ready for the next response on the connection. */
  void reset() {
    state = State.HEAD;
    lineLen = 0;
    headBytes = 0;
    statusSeen = false;
    status = 0;
    http11 = false;
    contentType = null;
    contentLength = -1;
    chunked = false;
    connectionKeepAlive = null;
  }

  /** Whether the body in progress ends when the connection closes. */
  boolean endsAtClose() {
    return state == State.UNTIL_CLOSE;
  }

  /** The connection closed while a close-delimited body was read: it ends here. */
  void closed() {
    if (state == State.UNTIL_CLOSE) {
      state = State.ENDED;
      listener.onEnd(false);
    }
  }

  /**
   * The bytes {@code b[off..off+len)} of one read.
   *
   * @return false when the listener wanted no more (the rest of the read is not looked at)
   * @throws ProtocolException when the bytes break HTTP/1.1 framing
   */
  boolean feed(byte[] b, int off, int len) throws ProtocolException {
    int i = off;
    int end = off + len;
    while (i < end) {
      switch (state) {
        case HEAD -> {
          i = head(b, i, end);
          if (state == State.ENDED) {
            return ended(i, end); // a response without a body ends with its head
          }
        }
        case CHUNK_SIZE -> {
          byte c = b[i++];
          int d = hex(c);
          if (d >= 0) {
            if (++sizeDigits > 15) {
              throw new ProtocolException("malformed chunked encoding: a chunk size of more than 15 hex digits");
            }
            remaining = remaining << 4 | d;
          } else if (sizeDigits == 0) {
            throw new ProtocolException("malformed chunked encoding: expected a chunk size, got " + show(c));
          } else if (c == ';' || c == ' ' || c == '\t') {
            state = State.CHUNK_EXT;
          } else if (c == '\r') {
            state = State.CHUNK_SIZE_LF;
          } else if (c == '\n') {
            chunkSizeDone();
          } else {
            throw new ProtocolException("malformed chunked encoding: " + show(c) + " in a chunk size");
          }
          chunkLine();
        }
        case CHUNK_EXT -> {
          byte c = b[i++];
          if (c == '\r') {
            state = State.CHUNK_SIZE_LF;
          } else if (c == '\n') {
            chunkSizeDone();
          }
          chunkLine();
        }
        case CHUNK_SIZE_LF -> {
          byte c = b[i++];
          if (c != '\n') {
            throw new ProtocolException("malformed chunked encoding: " + show(c) + " after CR in a chunk-size line");
          }
          chunkSizeDone();
        }
        case CHUNK_DATA, FIXED -> {
          int n = (int) Math.min(remaining, end - i);
          remaining -= n;
          int from = i;
          i += n;
          if (!listener.onBody(b, from, n)) {
            return false;
          }
          if (remaining == 0) {
            if (state == State.FIXED) {
              return ended(i, end);
            }
            state = State.CHUNK_DATA_CR;
          }
        }
        case CHUNK_DATA_CR -> {
          byte c = b[i++];
          if (c == '\r') {
            state = State.CHUNK_DATA_LF;
          } else if (c == '\n') {
            startChunk();
          } else {
            throw new ProtocolException("malformed chunked encoding: " + show(c) + " where a chunk's CRLF belongs");
          }
        }
        case CHUNK_DATA_LF -> {
          byte c = b[i++];
          if (c != '\n') {
            throw new ProtocolException("malformed chunked encoding: " + show(c) + " where a chunk's LF belongs");
          }
          startChunk();
        }
        case TRAILER -> {
          i = line(b, i, end);
          if (lineDone) {
            if (lineLen == 0) {
              return ended(i, end);
            }
            lineLen = 0; // trailer fields are not used
          }
        }
        case UNTIL_CLOSE -> {
          int from = i;
          i = end;
          if (!listener.onBody(b, from, end - from)) {
            return false;
          }
        }
        case ENDED -> throw new ProtocolException("bytes after the end of the response");
      }
    }
    return true;
  }

  /** A chunk-size line ended: data, or the trailers after the last chunk. */
  private void chunkSizeDone() {
    if (remaining == 0) {
      state = State.TRAILER;
      lineLen = 0;
    } else {
      state = State.CHUNK_DATA;
    }
  }

  private void startChunk() {
    state = State.CHUNK_SIZE;
    remaining = 0;
    sizeDigits = 0;
    chunkLineBytes = 0;
  }

  private void chunkLine() throws ProtocolException {
    if (++chunkLineBytes > MAX_CHUNK_LINE) {
      throw new ProtocolException("malformed chunked encoding: a chunk-size line longer than " + MAX_CHUNK_LINE + " bytes");
    }
  }

  /** The response is over; bytes after it in the read are reported, never parsed. */
  private boolean ended(int i, int end) {
    state = State.ENDED;
    listener.onEnd(i < end);
    return true;
  }

  /** Head lines: the status line, headers, the blank line. */
  private int head(byte[] b, int i, int end) throws ProtocolException {
    int next = line(b, i, end);
    if (!lineDone) {
      return next;
    }
    int n = lineLen;
    lineLen = 0;
    if (!statusSeen) {
      if (n == 0) {
        return next; // a stray CRLF before the status line (RFC 9112 §2.2)
      }
      statusLine(n);
    } else if (n > 0) {
      header(n);
    } else {
      endOfHead();
    }
    return next;
  }

  /**
   * Appends bytes up to the next LF to {@link #line}; sets {@link #lineDone} when the line is
   * complete (its length, without CR LF, in {@link #lineLen}); returns where reading stopped.
   */
  private int line(byte[] b, int i, int end) throws ProtocolException {
    int lf = i;
    while (lf < end && b[lf] != '\n') {
      lf++;
    }
    int n = lf - i;
    headBytes += n + (lf < end ? 1 : 0);
    if (headBytes > MAX_HEAD) {
      throw new ProtocolException("the response head (status line and headers) exceeds " + (MAX_HEAD >> 10) + " KiB");
    }
    if (lineLen + n > line.length) {
      line = Arrays.copyOf(line, Math.max(lineLen + n, line.length * 2));
    }
    System.arraycopy(b, i, line, lineLen, n);
    lineLen += n;
    lineDone = lf < end;
    if (!lineDone) {
      return end;
    }
    if (lineLen > 0 && line[lineLen - 1] == '\r') {
      lineLen--;
    }
    return lf + 1;
  }

  private void statusLine(int n) throws ProtocolException {
    // HTTP/1.x SP 3DIGIT [SP reason]
    if (n < 12 || !startsWith("HTTP/1.", 0, n) || line[8] != ' ' || !digit(line[7])) {
      throw new ProtocolException("malformed status line: " + text(0, n));
    }
    int code = 0;
    for (int k = 9; k < 12; k++) {
      if (!digit(line[k])) {
        throw new ProtocolException("malformed status line: " + text(0, n));
      }
      code = code * 10 + line[k] - '0';
    }
    if (n > 12 && line[12] != ' ' || code < 100) {
      throw new ProtocolException("malformed status line: " + text(0, n));
    }
    statusSeen = true;
    status = code;
    http11 = line[7] != '0';
  }

  private void header(int n) throws ProtocolException {
    if (line[0] == ' ' || line[0] == '\t') {
      return; // an obsolete folded continuation: only of headers we do not read
    }
    int colon = 0;
    while (colon < n && line[colon] != ':') {
      colon++;
    }
    if (colon == 0 || colon == n) {
      throw new ProtocolException("malformed header line: " + text(0, Math.min(n, 200)));
    }
    if (line[colon - 1] == ' ' || line[colon - 1] == '\t') {
      throw new ProtocolException("malformed header line (whitespace before the colon): " + text(0, Math.min(n, 200)));
    }
    int v = colon + 1;
    int ve = n;
    while (v < ve && (line[v] == ' ' || line[v] == '\t')) {
      v++;
    }
    while (ve > v && (line[ve - 1] == ' ' || line[ve - 1] == '\t')) {
      ve--;
    }
    if (name("content-type", colon)) {
      if (contentType == null) {
        contentType = text(v, ve);
      }
    } else if (name("content-length", colon)) {
      long len = contentLength(v, ve);
      if (contentLength >= 0 && contentLength != len) {
        throw new ProtocolException("conflicting Content-Length headers: " + contentLength + " and " + len);
      }
      contentLength = len;
    } else if (name("transfer-encoding", colon)) {
      chunked = text(v, ve).toLowerCase(Locale.ROOT).contains("chunked");
    } else if (name("connection", colon)) {
      String c = text(v, ve).toLowerCase(Locale.ROOT);
      if (c.contains("close")) {
        connectionKeepAlive = false;
      } else if (c.contains("keep-alive") && connectionKeepAlive == null) {
        connectionKeepAlive = true;
      }
    }
  }

  private long contentLength(int v, int ve) throws ProtocolException {
    if (v == ve || ve - v > 18) {
      throw new ProtocolException("malformed Content-Length: '" + text(v, ve) + "'");
    }
    long len = 0;
    for (int k = v; k < ve; k++) {
      if (!digit(line[k])) {
        throw new ProtocolException("malformed Content-Length: '" + text(v, ve) + "'");
      }
      len = len * 10 + line[k] - '0';
    }
    return len;
  }

  private void endOfHead() {
    if (status < 200) {
      reset(); // informational: the real response follows
      return;
    }
    boolean keepAlive = connectionKeepAlive != null ? connectionKeepAlive : http11;
    int s = status;
    String ct = contentType == null ? "" : contentType;
    headBytes = 0;
    if (s == 204 || s == 304 || !chunked && contentLength == 0) {
      state = State.ENDED; // feed ends it
      listener.onHead(s, ct, keepAlive);
      return;
    }
    if (chunked) {
      startChunk();
    } else if (contentLength > 0) {
      state = State.FIXED;
      remaining = contentLength;
    } else {
      state = State.UNTIL_CLOSE;
      keepAlive = false;
    }
    listener.onHead(s, ct, keepAlive);
  }

  private boolean name(String lower, int len) {
    if (len != lower.length()) {
      return false;
    }
    for (int k = 0; k < len; k++) {
      int c = line[k];
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != lower.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private boolean startsWith(String s, int from, int n) {
    if (n - from < s.length()) {
      return false;
    }
    for (int k = 0; k < s.length(); k++) {
      if (line[from + k] != s.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private String text(int from, int to) {
    return new String(line, from, to - from, StandardCharsets.ISO_8859_1);
  }

  private static boolean digit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static int hex(byte c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  private static String show(byte c) {
    return c >= ' ' && c < 127 ? "'" + (char) c + "'" : "byte 0x" + Integer.toHexString(c & 0xff);
  }
}
