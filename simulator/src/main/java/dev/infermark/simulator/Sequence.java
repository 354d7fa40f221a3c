package dev.infermark.simulator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One request inside the engine. The scheduler thread owns the engine fields; the connection's
 * thread reads what the engine has published (tokens produced and when) under {@link #lock}.
 */
final class Sequence {
  final String requestId;
  /** Prompt token ids followed by every output token id the request will produce. */
  final int[] tokens;
  final int promptLen;
  final int target;
  /** When the request reached the engine (parsed and tokenized); engine latencies count from here. */
  final long arrivalNs;

  // Engine state: scheduler thread only.
  int computed;
  int generated;
  final List<KvCache.Block> blocks = new ArrayList<>();
  int committedBlocks;
  long lastHash;
  int scheduledThisStep;
  long lastTokenNs = -1;
  boolean admitted;
  int cachedTokens = -1;
  int preemptions;
  boolean finished;
  /** Start of the step that first scheduled it, and the end of the step of its first token. */
  long firstScheduledNs = -1;
  long firstTokenNs = -1;

  // Published state: guarded by lock.
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final long[] scheduledNs;
  private int published;
  private boolean done;
  private boolean aborted;

  Sequence(String requestId, int[] tokens, int promptLen, long arrivalNs) {
    this.requestId = requestId;
    this.tokens = tokens;
    this.promptLen = promptLen;
    this.target = tokens.length - promptLen;
    this.arrivalNs = arrivalNs;
    this.scheduledNs = new long[target];
  }

  /** Tokens whose KV must exist before the next token can be sampled. */
  int known() {
    return promptLen + generated;
  }

  /** Engine side: token {@code index} was produced by the step that ended at {@code ns}. */
  void publish(int index, long ns, boolean last) {
    lock.lock();
    try {
      scheduledNs[index] = ns;
      published = index + 1;
      done = last;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Engine side: the sequence was dropped (client gone, reset fault, shutdown). */
  void markAborted() {
    lock.lock();
    try {
      aborted = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until more than {@code have} tokens are published, the sequence ends, or the timeout
   * passes. Returns the number published, or -1 if the sequence was aborted.
   */
  int await(int have, long timeoutNs) throws InterruptedException {
    lock.lock();
    try {
      long left = timeoutNs;
      while (published <= have && !done && !aborted && left > 0) {
        left = changed.awaitNanos(left);
      }
      return aborted ? -1 : published;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits, without a timeout, until more than {@code have} tokens are published or the sequence
   * ends; -1 if it was aborted. Safe because the engine signals every publish, abort and shutdown;
   * a timed wait would cost a timer per token.
   */
  int await(int have) throws InterruptedException {
    lock.lock();
    try {
      while (published <= have && !done && !aborted) {
        changed.await();
      }
      return aborted ? -1 : published;
    } finally {
      lock.unlock();
    }
  }

  /** The step end of token {@code i} (valid once published). */
  long scheduledNs(int i) {
    lock.lock();
    try {
      return scheduledNs[i];
    } finally {
      lock.unlock();
    }
  }

  /** Copies the step ends of tokens [from, to) into {@code dst} at the same indexes. */
  void copyScheduled(int from, int to, long[] dst) {
    lock.lock();
    try {
      System.arraycopy(scheduledNs, from, dst, from, to - from);
    } finally {
      lock.unlock();
    }
  }

  boolean done() {
    lock.lock();
    try {
      return done;
    } finally {
      lock.unlock();
    }
  }

  /** Waits for the whole output (non-streaming responses); false if aborted or timed out. */
  boolean awaitDone(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    int have = 0;
    while (true) {
      int n = await(have, deadline - System.nanoTime());
      if (n < 0) {
        return false;
      }
      if (done()) {
        return true;
      }
      if (System.nanoTime() >= deadline) {
        return false;
      }
      have = n;
    }
  }
}
