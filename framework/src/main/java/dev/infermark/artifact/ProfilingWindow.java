package dev.infermark.artifact;

import java.time.Instant;
import java.util.function.Supplier;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.observer.Mark;

/**
 * The profiling phase's wall-clock start and end: {@code start_time}/{@code end_time} of
 * {@code profile_export_aiperf.json}, as AIPerf writes them. InferenceX integrates GPU power over
 * this window and divides by the profiling tokens, so it must not include dataset loading, warmup
 * or the writing of artifacts.
 *
 * <p>The start is the {@link Mark#PROFILING_START} the harness marks when profiling is announced
 * ({@code RunContext.phase(PROFILING)}); the end is the {@link Mark#PROFILING_END} of a later step,
 * else the end of the last profiling request, when the grace period is over. A generator that
 * announces no profiling phase (AA-AgentPerf) gets the span of its profiling requests: first start
 * to last end.
 * Thread-safe.
 */
public final class ProfilingWindow {
  private final Supplier<Instant> clock;
  private Instant markedStart;
  private Instant markedEnd;
  private long firstStartEpochNs = Long.MAX_VALUE;
  private long lastEndEpochNs = Long.MIN_VALUE;

  public ProfilingWindow() {
    this(Instant::now);
  }

  ProfilingWindow(Supplier<Instant> clock) {
    this.clock = clock;
  }

  /** A phase boundary the harness announced. */
  public synchronized void mark(Mark m) {
    if (m == Mark.PROFILING_START && markedStart == null) {
      markedStart = clock.get();
    } else if (m == Mark.PROFILING_END && markedEnd == null) {
      markedEnd = clock.get();
    }
  }

  /** A finished request: profiling ones extend the span of requests. */
  public synchronized void record(RequestRecord r) {
    if (r.phase() != Phase.PROFILING || r.startNs() <= 0 || r.startEpochMicros() <= 0) {
      return;
    }
    long start = r.startEpochMicros() * 1000;
    firstStartEpochNs = Math.min(firstStartEpochNs, start);
    lastEndEpochNs = Math.max(lastEndEpochNs, start + Math.max(0, r.endNs() - r.startNs()));
  }

  /** When profiling started, or {@code null} when it never did. */
  public synchronized Instant start() {
    if (markedStart != null) {
      return markedStart;
    }
    return firstStartEpochNs == Long.MAX_VALUE ? null : epoch(firstStartEpochNs);
  }

  /** When profiling ended, or {@code null} when it never started. */
  public synchronized Instant end() {
    Instant start = start();
    if (start == null) {
      return null;
    }
    Instant end = markedEnd != null ? markedEnd
        : lastEndEpochNs == Long.MIN_VALUE ? clock.get() : epoch(lastEndEpochNs);
    return end.isBefore(start) ? start : end;
  }

  private static Instant epoch(long ns) {
    return Instant.ofEpochSecond(ns / 1_000_000_000L, ns % 1_000_000_000L);
  }
}
