package dev.infermark.run;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.infermark.client.RequestCounter;

/**
 * Live progress of a run: the phase, its elapsed and total time, and request counters. The harness
 * sets the phase (as announced through the run's context); the client counts sent/returned/errors. A reporter prints it at a
 * steady interval.
 */
public final class Progress implements RequestCounter {
  private record PhaseState(String name, long startNs, Duration total) {}

  private final AtomicReference<PhaseState> phase = new AtomicReference<>(new PhaseState("setup", System.nanoTime(), null));
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong returned = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final org.HdrHistogram.Recorder ttft = new org.HdrHistogram.Recorder(3);
  private final org.HdrHistogram.Histogram ttftTotal = new org.HdrHistogram.Histogram(3);
  private org.HdrHistogram.Histogram ttftInterval;
  private String ttftPhase = "";

  private final AtomicReference<String> doing = new AtomicReference<>("");

  /** Enters a phase; {@code total} is its expected length, or {@code null} when unknown. */
  public void phase(String name, Duration total) {
    doing.set("");
    phase.set(new PhaseState(name, System.nanoTime(), total));
  }

  /**
   * Says what the current phase is doing or waiting for ({@code preflight: waiting for ...}), shown
   * after its clock until the next phase: a phase that sends nothing is not silent.
   */
  public void doing(String what) {
    doing.set(what == null ? "" : what);
  }

  /** What the current phase said it is doing, or empty. */
  public String doing() {
    return doing.get();
  }

  @Override
  public void requestSent() {
    sent.incrementAndGet();
  }

  @Override
  public void requestReturned(boolean failed) {
    returned.incrementAndGet();
    if (failed) {
      errors.incrementAndGet();
    }
  }

  /**
   * A request returned, with its time to first token in ns (negative when it had none). Cheap on
   * the hot path: two counters and a wait-free histogram record (HdrHistogram's {@code Recorder}).
   */
  @Override
  public void requestReturned(boolean failed, long ttftNs) {
    requestReturned(failed);
    if (!failed && ttftNs >= 0) {
      ttft.recordValue(Math.max(1, ttftNs / 1_000));
    }
  }

  /** The median time to first token in ms of the current phase's successful requests so far, or NaN. */
  public synchronized double ttftP50Ms() {
    String current = phase.get().name();
    if (!current.equals(ttftPhase)) {
      ttftTotal.reset(); // a new phase: its own median (a few of the last phase's may still be in the interval)
      ttftPhase = current;
    }
    ttftInterval = ttft.getIntervalHistogram(ttftInterval);
    ttftTotal.add(ttftInterval);
    return ttftTotal.getTotalCount() == 0 ? Double.NaN : ttftTotal.getValueAtPercentile(50) / 1_000.0;
  }

  /** The current phase's name, start ({@link System#nanoTime()}) and expected length (or null). */
  public record Phase(String name, long startNs, Duration total) {}

  public Phase phase() {
    PhaseState p = phase.get();
    return new Phase(p.name(), p.startNs(), p.total());
  }

  public long sent() {
    return sent.get();
  }

  public long returned() {
    return returned.get();
  }

  public long errors() {
    return errors.get();
  }

  public long inFlight() {
    return sent.get() - returned.get();
  }

  public String phaseName() {
    return phase.get().name();
  }

  /** One progress line: {@code [profiling] 01:30/05:00  sent 1200  returned 1180  in flight 20  errors 0}. */
  public String line() {
    PhaseState p = phase.get();
    long elapsedS = Duration.ofNanos(System.nanoTime() - p.startNs()).toSeconds();
    String time = clock(elapsedS) + (p.total() == null ? "" : "/" + clock(p.total().toSeconds()));
    return "[" + p.name() + "] " + time + "  sent " + sent.get() + "  returned " + returned.get() + "  in flight "
        + inFlight() + "  errors " + errors.get();
  }

  static String clock(long s) {
    return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%02d:%02d", s / 60, s % 60);
  }
}
