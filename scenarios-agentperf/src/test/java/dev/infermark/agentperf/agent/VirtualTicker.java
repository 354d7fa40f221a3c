package dev.infermark.agentperf.agent;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Virtual time for phase tests: it stands still while a participant works and jumps to the next
 * wake-up once every participant sleeps. Participants take turns: one runs at a time, the earliest
 * wake-up first, ties in the order they went to sleep. A phase's gates, window and tool delays then
 * follow its schedule alone, the same on every run: a machine so loaded that a thread stalls for
 * longer than the whole steady window changes how long the test takes, never what the phase measures.
 *
 * <p>Participants are the thread that creates the ticker (the phase's gate loop runs on it) and
 * every thread started through {@link #start}, from its first turn until it ends. A participant
 * must block only in {@link #sleep} (or briefly, e.g. on a lock): one waiting on anything else for
 * another participant would stop time. An interrupt lets the interrupted thread run at once, out
 * of turn (a phase interrupts its agents to stop them).
 */
public final class VirtualTicker implements Ticker {
  private final ReentrantLock lock = new ReentrantLock();
  private final PriorityQueue<Turn> waiting =
      new PriorityQueue<>(Comparator.comparingLong((Turn t) -> t.wakeNs).thenComparingLong(t -> t.order));
  private long now;
  private long order;
  /** Participants running now (the creating thread from the start; more only after an interrupt). */
  private int running = 1;

  /** One participant waiting for its turn; {@code given} is guarded by the lock. */
  private final class Turn {
    final long wakeNs;
    final long order;
    final Condition due = lock.newCondition();
    boolean given;

    Turn(long wakeNs, long order) {
      this.wakeNs = wakeNs;
      this.order = order;
    }

    /** Under the lock: waits for this turn; an interrupt leaves the queue and runs out of turn. */
    void await() throws InterruptedException {
      while (!given) {
        try {
          due.await();
        } catch (InterruptedException e) {
          if (!given) {
            waiting.remove(this);
            running++;
          }
          throw e;
        }
      }
    }
  }

  @Override
  public long nanoTime() {
    lock.lock();
    try {
      return now;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void sleep(long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (nanos <= 0) {
      return;
    }
    lock.lock();
    try {
      Turn me = new Turn(now + nanos, order++);
      waiting.add(me);
      running--;
      passTurn();
      me.await();
    } finally {
      lock.unlock();
    }
  }

  /** Starts {@code task} on a virtual thread that waits for its turn (at the current time) before it runs. */
  @Override
  public Thread start(String name, Runnable task) {
    Turn first;
    lock.lock();
    try {
      first = new Turn(now, order++);
      waiting.add(first);
    } finally {
      lock.unlock();
    }
    try {
      return Thread.ofVirtual().name(name).start(() -> {
        lock.lock();
        try {
          first.await();
        } catch (InterruptedException e) {
          // Interrupted before its first turn: it runs now and sees the interrupt, as a plain thread would.
          Thread.currentThread().interrupt();
        } finally {
          lock.unlock();
        }
        try {
          task.run();
        } finally {
          leave();
        }
      });
    } catch (RuntimeException | Error e) {
      lock.lock();
      try {
        waiting.remove(first);
      } finally {
        lock.unlock();
      }
      throw e;
    }
  }

  private void leave() {
    lock.lock();
    try {
      running--;
      passTurn();
    } finally {
      lock.unlock();
    }
  }

  /** Under the lock: with nobody running, moves time to the next wake-up and gives that participant its turn. */
  private void passTurn() {
    if (running > 0 || waiting.isEmpty()) {
      return;
    }
    Turn next = waiting.poll();
    now = Math.max(now, next.wakeNs);
    // Counted running here, not when its thread gets scheduled: nobody else may take a turn before it has had it.
    running++;
    next.given = true;
    next.due.signal();
  }
}
