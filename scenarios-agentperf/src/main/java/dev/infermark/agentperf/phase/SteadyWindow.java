package dev.infermark.agentperf.phase;

import java.util.BitSet;
import java.util.concurrent.locks.ReentrantLock;

import dev.infermark.api.request.Phase;

/**
 * The steady-state window of one phase: it opens once every agent of the target count has been
 * active (sent its first request) for the settle time, and not before an agreed instant when one is
 * given (the shards of a phase open their windows together), and closes when the phase's gates are met.
 * A request belongs to the window when it is sent while the window is open; the decision is taken
 * under one lock with the close, so "sent in the window" is exact. The window also counts its
 * requests still in flight, so the phase keeps its load until the last of them has finished.
 */
public final class SteadyWindow {
  private final int target;
  private final long settleNanos;
  private final long notBeforeNs;
  private final ReentrantLock lock = new ReentrantLock();
  private final BitSet active = new BitSet();
  private long allActiveNs = -1;
  private long closeNs = -1;
  private int inFlight;
  private int admitted;

  public SteadyWindow(int target, long settleNanos) {
    this(target, settleNanos, Long.MIN_VALUE);
  }

  /**
   * @param target the agents that must all be active (this process's agents of the phase)
   * @param notBeforeNs the window opens no earlier than this ({@link Long#MIN_VALUE}: no such instant)
   */
  public SteadyWindow(int target, long settleNanos, long notBeforeNs) {
    if (target < 1) {
      throw new IllegalArgumentException("a phase needs at least one agent");
    }
    this.target = target;
    this.settleNanos = settleNanos;
    this.notBeforeNs = notBeforeNs;
  }

  private long open() {
    return allActiveNs < 0 ? -1 : Math.max(allActiveNs + settleNanos, notBeforeNs);
  }

  /** Agent {@code agent} sends its first request at {@code nowNs}. */
  public void active(int agent, long nowNs) {
    lock.lock();
    try {
      active.set(agent);
      if (allActiveNs < 0 && active.cardinality() == target) {
        allActiveNs = nowNs;
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * When the window opens (all agents active plus the settle time, or the agreed instant when that is
   * later), or -1 while some agent is not yet active.
   */
  public long openNs() {
    lock.lock();
    try {
      return open();
    } finally {
      lock.unlock();
    }
  }

  /** When the window closed, or -1 while it is open or not yet open. */
  public long closeNs() {
    lock.lock();
    try {
      return closeNs;
    } finally {
      lock.unlock();
    }
  }

  /** Whether a request sent at {@code nowNs} is in the window; a window request counts as in flight. */
  public Phase admit(long nowNs) {
    lock.lock();
    try {
      if (allActiveNs >= 0 && closeNs < 0 && nowNs >= open()) {
        inFlight++;
        admitted++;
        return Phase.PROFILING;
      }
      return Phase.WARMUP;
    } finally {
      lock.unlock();
    }
  }

  /** A request labelled {@code label} by {@link #admit} finished. */
  public void finished(Phase label) {
    if (label == Phase.PROFILING) {
      lock.lock();
      try {
        inFlight--;
      } finally {
        lock.unlock();
      }
    }
  }

  /** Closes the window at {@code nowNs}: later requests are outside it. Idempotent. */
  public void close(long nowNs) {
    lock.lock();
    try {
      if (closeNs < 0) {
        closeNs = nowNs;
      }
    } finally {
      lock.unlock();
    }
  }

  /** Whether the window is closed and all its requests have finished. */
  public boolean drained() {
    lock.lock();
    try {
      return closeNs >= 0 && inFlight == 0;
    } finally {
      lock.unlock();
    }
  }

  /** Requests sent in the window so far. */
  public int admitted() {
    lock.lock();
    try {
      return admitted;
    } finally {
      lock.unlock();
    }
  }
}
