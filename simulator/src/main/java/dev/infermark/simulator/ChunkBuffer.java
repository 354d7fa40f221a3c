package dev.infermark.simulator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tools.jackson.core.io.CharTypes;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * One HTTP chunk of a stream, built in place as UTF-8 bytes after room left for its size line, so
 * it leaves in one write with no String, no intermediate byte[] and no copy. One per connection,
 * reused by its responses: at tens of thousands of chunks a second the simulator's formatting
 * competed for the JVM's carriers with the client it measures.
 */
final class ChunkBuffer {
  /** Room for the size line: up to 8 hex digits and CRLF. */
  private static final int SIZE_ROOM = 10;
  /** CRLF after the data, then the zero chunk of the last one. */
  private static final int TAIL_ROOM = 7;
  private static final int INITIAL = 2048;
  /** A buffer grown past this by a large batch is let go, so idle connections stay small. */
  private static final int KEEP = 64 * 1024;
  private static final int[] ESCAPES = CharTypes.get7BitOutputEscapes();
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] END = "0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

  private byte[] buf = new byte[INITIAL];
  private int pos = SIZE_ROOM;
  private StringBuilder escaped;

  /** Empties it for the next chunk. */
  ChunkBuffer clear() {
    if (buf.length > KEEP) {
      buf = new byte[INITIAL];
    }
    pos = SIZE_ROOM;
    return this;
  }

  /** The data bytes so far. */
  int length() {
    return pos - SIZE_ROOM;
  }

  void put(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  /** {@code s} as {@code String.getBytes(UTF_8)} would give it. */
  void putUtf8(CharSequence s) {
    int n = s.length();
    ensure(n * 3);
    byte[] b = buf;
    int p = pos;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        b[p++] = (byte) c;
      } else if (c < 0x800) {
        b[p++] = (byte) (0xc0 | c >> 6);
        b[p++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isSurrogate(c)) {
        char d;
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(d = s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, d);
          i++;
          b[p++] = (byte) (0xf0 | cp >> 18);
          b[p++] = (byte) (0x80 | cp >> 12 & 0x3f);
          b[p++] = (byte) (0x80 | cp >> 6 & 0x3f);
          b[p++] = (byte) (0x80 | cp & 0x3f);
        } else {
          b[p++] = '?'; // an unpaired surrogate: String.getBytes's replacement
        }
      } else {
        b[p++] = (byte) (0xe0 | c >> 12);
        b[p++] = (byte) (0x80 | c >> 6 & 0x3f);
        b[p++] = (byte) (0x80 | c & 0x3f);
      }
    }
    pos = p;
  }

  /**
   * {@code s} escaped as {@link JsonStringEncoder#quoteAsString} escapes it, in UTF-8. Texts with
   * nothing to escape (nearly all tokens) are encoded directly; the rest go through Jackson.
   */
  void putJsonString(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < ESCAPES.length && ESCAPES[c] != 0) {
        StringBuilder e = escaped == null ? escaped = new StringBuilder(64) : escaped;
        e.setLength(0);
        JsonStringEncoder.getInstance().quoteAsString(s, e);
        putUtf8(e);
        return;
      }
    }
    putUtf8(s);
  }

  /**
   * Frames the data as one HTTP chunk ({@code size CRLF data CRLF}, then the zero chunk when
   * {@code last}) and writes it with one write and a flush.
   */
  void writeTo(OutputStream out, boolean last) throws IOException {
    ensure(TAIL_ROOM);
    int size = length();
    if (size == 0 && last) {
      // nothing left to send (a stream without [DONE] or usage): the zero chunk alone ends the body,
      // with no empty data chunk before it, which would itself end the body and leave 5 stray bytes
      out.write(END);
      out.flush();
      return;
    }
    int start = SIZE_ROOM - 2;
    buf[start] = '\r';
    buf[start + 1] = '\n';
    do {
      buf[--start] = HEX[size & 0xf];
      size >>>= 4;
    } while (size != 0);
    int end = pos;
    buf[end++] = '\r';
    buf[end++] = '\n';
    if (last) {
      buf[end++] = '0';
      buf[end++] = '\r';
      buf[end++] = '\n';
      buf[end++] = '\r';
      buf[end++] = '\n';
    }
    out.write(buf, start, end - start);
    out.flush();
  }

  private void ensure(int more) {
    if (pos + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more + TAIL_ROOM));
    }
  }
}
