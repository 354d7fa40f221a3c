package dev.infermark.run;

import java.util.concurrent.atomic.AtomicInteger;

import dev.infermark.api.PhaseOver;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.Phase;

/**
 * What decides whether a phase still sends: its deadline, its request budget, a cut-off, the run's cancel.
 * Shared by the phase's users or arrivals; thread-safe.
 */
final class PhaseState {
  final Phase phase;
  final long startNs;
  final long deadline;
  final int limit;
  final AtomicInteger issued = new AtomicInteger();
  final Abort cut = new Abort();
  private final Cancellation cancellation;
  private volatile boolean ended;

  PhaseState(Phase phase, long startNs, long deadline, int limit, Cancellation cancellation) {
    this.phase = phase;
    this.startNs = startNs;
    this.deadline = deadline;
    this.limit = limit;
    this.cancellation = cancellation;
  }

  boolean open() {
    return !ended && !cut.aborted() && !cancellation.cancelled() && System.nanoTime() < deadline
        && (limit <= 0 || issued.get() < limit);
  }

  /** Takes the permit to send one request, or throws {@link PhaseOver}. */
  void take() {
    if (!open() || Thread.currentThread().isInterrupted() || limit > 0 && issued.incrementAndGet() > limit) {
      throw new PhaseOver(phase.label() + " is over");
    }
  }

  boolean ended() {
    return ended || cut.aborted() || cancellation.cancelled();
  }

  void end() {
    ended = true;
  }
}
