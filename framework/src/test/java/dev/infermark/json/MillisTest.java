package dev.infermark.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The export's milliseconds are Double.toString's text, character for character. */
class MillisTest {
  private static String millis(long ns) {
    char[] c = new char[Millis.MAX_CHARS];
    return new String(c, 0, Millis.format(ns, c));
  }

  @Test
  void edgesAndRoundNumbers() {
    long[] cases = {0, 1, 999, 1_000, 1_001, 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 1_500_000, 20_000_000,
        20_012_345, 123_456_789_012L, 9_999_999_999_999L, 10_000_000_000_000L, 10_000_000_000_001L, Long.MAX_VALUE};
    for (long ns : cases) {
      assertEquals(Double.toString(ns / 1e6), millis(ns), "ns = " + ns);
    }
  }

  @Test
  void randomDurationsAtEveryScale() {
    SplittableRandom r = new SplittableRandom(12);
    for (int i = 0; i < 2_000_000; i++) {
      long ns = r.nextLong(1L, 1L << (1 + r.nextInt(46))); // 1 ns to ~20 hours
      assertEquals(Double.toString(ns / 1e6), millis(ns), "ns = " + ns);
    }
  }
}
