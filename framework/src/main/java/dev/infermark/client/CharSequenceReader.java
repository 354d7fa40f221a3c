package dev.infermark.client;

import java.io.Reader;

/** Reads a {@link CharSequence} without copying it into one String first (large shared prompts). */
final class CharSequenceReader extends Reader {
  private final CharSequence cs;
  private int pos;

  CharSequenceReader(CharSequence cs) {
    this.cs = cs;
  }

  @Override
  public int read(char[] buf, int off, int len) {
    int n = Math.min(len, cs.length() - pos);
    if (n <= 0) {
      return len == 0 ? 0 : -1;
    }
    if (cs instanceof StringBuilder sb) {
      sb.getChars(pos, pos + n, buf, off);
    } else {
      for (int i = 0; i < n; i++) {
        buf[off + i] = cs.charAt(pos + i);
      }
    }
    pos += n;
    return n;
  }

  @Override
  public void close() {}
}
