package dev.infermark.json;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;

/**
 * A whole number of nanoseconds as milliseconds, written exactly as {@link Double#toString(double)}
 * writes {@code ns / 1e6}, without making a {@code String}: the export writes one per content chunk.
 *
 * <p>Why it is the same text: between 1 µs and 10,000 s, {@code ns / 1e6} has at most 13
 * significant digits, so the decimal {@code ns × 10⁻⁶} with its trailing zeros dropped is the
 * shortest decimal that rounds to that double (any shorter one is at least 10⁻¹³ of the value
 * away, far beyond half a unit in the last place), and {@code Double.toString} writes the shortest,
 * in plain notation in this range, with at least one digit after the point. Outside it (where
 * {@code Double.toString} also switches to {@code E} notation) this falls back to it.
 */
@API(status = INTERNAL) // the export's number text, not part of the SPI
public final class Millis {
  private Millis() {}

  /** Enough for any {@code double}'s text. */
  public static final int MAX_CHARS = 32;

  private static final long MIN_NS = 1_000; // 0.001 ms: below it Double.toString writes E notation
  private static final long MAX_NS = 10_000_000_000_000L; // 1e7 ms: from there, E notation

  /** Writes {@code ns / 1e6} into {@code out} from index 0; returns the length. */
  public static int format(long ns, char[] out) {
    if (ns < MIN_NS || ns >= MAX_NS) {
      String s = Double.toString(ns / 1e6);
      s.getChars(0, s.length(), out, 0);
      return s.length();
    }
    long whole = ns / 1_000_000;
    int frac = (int) (ns % 1_000_000);
    int n = 0;
    // the whole part
    if (whole == 0) {
      out[n++] = '0';
    } else {
      int start = n;
      for (long w = whole; w > 0; w /= 10) {
        out[n++] = (char) ('0' + (int) (w % 10));
      }
      for (int i = start, j = n - 1; i < j; i++, j--) {
        char t = out[i];
        out[i] = out[j];
        out[j] = t;
      }
    }
    out[n++] = '.';
    if (frac == 0) {
      out[n++] = '0';
      return n;
    }
    int digits = 6;
    while (frac % 10 == 0) {
      frac /= 10;
      digits--;
    }
    for (int i = digits - 1; i >= 0; i--) {
      out[n + i] = (char) ('0' + frac % 10);
      frac /= 10;
    }
    return n + digits;
  }
}
