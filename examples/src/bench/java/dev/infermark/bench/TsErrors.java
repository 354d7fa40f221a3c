package dev.infermark.bench;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import dev.infermark.client.StreamTap;

/** Receive time minus {@code sent_ns} of every chunk that carries one (sse_floor's chunks do), kept for percentiles. */
final class TsErrors implements StreamTap {
  private static final byte[] KEY = "\"sent_ns\":".getBytes(StandardCharsets.US_ASCII);
  private final long[] values;
  private final AtomicInteger n = new AtomicInteger();

  TsErrors(int capacity) {
    values = new long[capacity];
  }

  @Override
  public void onMessage(String requestId, byte[] data, int offset, int length, long receivedNs) {
    long sent = sentNs(data, offset, length);
    if (sent < 0) {
      return;
    }
    int k = n.getAndIncrement();
    if (k < values.length) {
      values[k] = receivedNs - sent;
    }
  }

  /** The chunk's {@code sent_ns}, or -1 when it has none. */
  static long sentNs(byte[] d, int off, int len) {
    int at = indexOf(d, off, len);
    if (at < 0) {
      return -1;
    }
    long sent = 0;
    for (int i = at + KEY.length; i < off + len && d[i] >= '0' && d[i] <= '9'; i++) {
      sent = sent * 10 + (d[i] - '0');
    }
    return sent;
  }

  /** Where the key starts: found from its colon, searched backwards (sent_ns is near the end of the chunk). */
  private static int indexOf(byte[] d, int off, int len) {
    int last = KEY.length - 1;
    for (int i = off + len - 1; i >= off + last; i--) {
      if (d[i] == ':' && matches(d, i - last)) {
        return i - last;
      }
    }
    return -1;
  }

  private static boolean matches(byte[] d, int at) {
    for (int j = 0; j < KEY.length; j++) {
      if (d[at + j] != KEY[j]) {
        return false;
      }
    }
    return true;
  }

  /** Chunks seen so far. */
  int count() {
    return n.get();
  }

  long[] sorted() {
    long[] a = Arrays.copyOf(values, Math.min(n.get(), values.length));
    Arrays.sort(a);
    return a;
  }
}
