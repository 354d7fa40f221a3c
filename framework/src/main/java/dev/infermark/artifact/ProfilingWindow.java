package dev.infermark.artifact;

import java.time.Instant;
import java.util.function.Supplier;

import dev.infermark.record.Phase;
import dev.infermark.record.RequestRecord;
import dev.infermark.servermetrics.Mark;

/**
 * The profiling phase's wall-clock start and end: {@code start_time}/{@code end_time} of
 * {@code profile_export_aiperf.json}, as AIPerf writes them. InferenceX integrates GPU power over
 * this window and divides by the profiling tokens, so it must not include dataset loading, warmup
 * or the writing of artifacts.
 *
 * <p>The start is the load generator's {@code profiling} phase mark; the end is the mark that ends
 * it (a phase other than {@code drain}, as {@link Mark#ofPhase} reads names), else the end of the
 * last profiling request, when the drain is over. A generator that marks no profiling phase
 * (AA-AgentPerf, accuracy) gets the span of its profiling requests: first start to last end.
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

  /** A phase the load generator entered ({@code Progress.phase}). */
  public synchronized void phase(String name) {
    Mark m = Mark.ofPhase(name, markedStart != null);
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
