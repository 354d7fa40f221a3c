package dev.infermark.simulator;

import java.io.IOException;
import java.io.InputStream;

/**
 * A request body read from the connection: {@code Content-Length} bytes or a chunked body, cut
 * off at the configured maximum. Closing it drains the rest so the connection can carry the next
 * request.
 */
final class BodyStream extends InputStream {
  /** Thrown once the body passes the size limit. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    TooLarge(long max) {
      super("request body larger than " + max + " bytes");
    }
  }

  private final InputStream in;
  private final boolean chunked;
  private final long max;
  private long remaining; // in the current chunk, or of the whole body
  private long read;
  private boolean eof;
  boolean tooLarge;

  private BodyStream(InputStream in, boolean chunked, long length, long max) {
    this.in = in;
    this.chunked = chunked;
    this.remaining = chunked ? 0 : length;
    this.max = max;
    this.eof = !chunked && length == 0;
  }

  static BodyStream fixed(InputStream in, long length, long max) {
    return new BodyStream(in, false, length, max);
  }

  static BodyStream chunked(InputStream in, long max) {
    return new BodyStream(in, true, 0, max);
  }

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  private final byte[] one = new byte[1];

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (eof) {
      return -1;
    }
    if (remaining == 0) {
      if (!chunked) {
        eof = true;
        return -1;
      }
      remaining = nextChunkSize();
      if (remaining == 0) {
        readLine(); // trailer end
        eof = true;
        return -1;
      }
    }
    int n = in.read(b, off, (int) Math.min(len, remaining));
    if (n < 0) {
      throw new IOException("connection closed inside the request body");
    }
    remaining -= n;
    read += n;
    if (read > max) {
      tooLarge = true;
      throw new TooLarge(max);
    }
    if (chunked && remaining == 0) {
      readLine();
    }
    return n;
  }

  private long nextChunkSize() throws IOException {
    String line = readLine();
    int semi = line.indexOf(';');
    String hex = (semi >= 0 ? line.substring(0, semi) : line).trim();
    try {
      return Long.parseLong(hex, 16);
    } catch (NumberFormatException e) {
      throw new HttpHead.Malformed("bad chunk size '" + hex + "'");
    }
  }

  private String readLine() throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        b.append((char) c);
      }
      if (b.length() > 4096) {
        throw new HttpHead.Malformed("chunk header too long");
      }
    }
    if (c == -1) {
      throw new IOException("connection closed inside a chunked body");
    }
    return b.toString();
  }

  /** Reads and discards what is left of the body. */
  void drain() throws IOException {
    if (eof) {
      return; // the usual case: the JSON parser read the body to its end
    }
    byte[] buf = new byte[1024];
    while (read(buf, 0, buf.length) >= 0) {
      // discard
    }
  }

  @Override
  public void close() {
    // The connection owns the socket; draining is explicit.
  }
}
