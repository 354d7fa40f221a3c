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

  /** Enters a phase; {@code total} is its expected length, or {@code null} when unknown. */
  public void phase(String name, Duration total) {
    phase.set(new PhaseState(name, System.nanoTime(), total));
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

  private static String clock(long s) {
    return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%02d:%02d", s / 60, s % 60);
  }
}
