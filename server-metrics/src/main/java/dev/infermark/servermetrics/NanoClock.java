package dev.infermark.servermetrics;

import java.time.Instant;

/** Wall-clock time in nanoseconds since the epoch (AIPerf's {@code timestamp_ns}); tests pass their own. */
@FunctionalInterface
public interface NanoClock {
  long epochNanos();

  /** The system clock. */
  static NanoClock system() {
    return () -> {
      Instant now = Instant.now();
      return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    };
  }
}
