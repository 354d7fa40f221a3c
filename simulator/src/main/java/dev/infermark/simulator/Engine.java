package dev.infermark.simulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The continuous-batching engine: one platform thread runs steps. Each step schedules the running
 * sequences (one decode token each, or a chunk of prefill) within the token budget, admits waiting
 * sequences while there is room (reusing cached prefix blocks), preempts the newest running
 * sequence when the KV cache cannot grow, then sleeps for the modelled step time and publishes one
 * token for every sequence whose KV caught up. The step's end is each token's scheduled time.
 */
final class Engine implements AutoCloseable {
  private final SimulatorConfig config;
  private final SimMetrics metrics;
  private final KvCache kv;
  private final ConcurrentLinkedQueue<Sequence> incoming = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<Sequence> aborts = new ConcurrentLinkedQueue<>();
  private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
  private final List<Sequence> running = new ArrayList<>();
  private final ReentrantLock idleLock = new ReentrantLock();
  private final Condition wake = idleLock.newCondition();
  private final Thread thread;
  private volatile boolean stopped;
  /** End of the previous step on the engine's modelled timeline (0 before the first). */
  private long lastEnd;
  /** How far behind the modelled timeline the engine may run and still catch up. */
  private static final long CATCH_UP_NS = 20_000_000L;

  Engine(SimulatorConfig config, SimMetrics metrics) {
    this.config = config;
    this.metrics = metrics;
    this.kv = new KvCache(config.kvBlocks(), config.blockSize());
    this.thread = Thread.ofPlatform().daemon().name("infermark-sim-engine").unstarted(this::loop);
    thread.setPriority(Thread.MAX_PRIORITY);
  }

  void start() {
    thread.start();
  }

  /** Queues a sequence; it runs once the engine admits it. */
  void submit(Sequence s) {
    incoming.add(s);
    if (stopped && incoming.remove(s)) {
      s.markAborted(); // closed meanwhile: nobody would ever publish to it
      return;
    }
    signal();
  }

  /** Drops a sequence wherever it is (its blocks are released). */
  void abort(Sequence s) {
    aborts.add(s);
    signal();
  }

  private void signal() {
    idleLock.lock();
    try {
      wake.signal();
    } finally {
      idleLock.unlock();
    }
  }

  @Override
  public void close() {
    stopped = true;
    signal();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (Sequence s : running) {
      s.markAborted();
    }
    for (Sequence s : waiting) {
      s.markAborted();
    }
    Sequence s;
    while ((s = incoming.poll()) != null) {
      s.markAborted();
    }
  }

  private void loop() {
    while (!stopped) {
      drainQueues();
      if (running.isEmpty() && waiting.isEmpty()) {
        idleLock.lock();
        try {
          while (!stopped && incoming.isEmpty() && aborts.isEmpty()) {
            wake.awaitNanos(100_000_000);
          }
        } catch (InterruptedException e) {
          return;
        } finally {
          idleLock.unlock();
        }
        continue;
      }
      step();
    }
  }

  private void drainQueues() {
    Sequence s;
    while ((s = incoming.poll()) != null) {
      waiting.add(s);
    }
    while ((s = aborts.poll()) != null) {
      if (running.remove(s) || waiting.remove(s)) {
        freeBlocks(s);
        metrics.finished("abort");
      }
      s.markAborted();
    }
    publishGauges();
  }

  private void step() {
    long now = System.nanoTime();
    // Steps follow the modelled timeline: a late wake-up does not stretch the schedule (it shows
    // as send lag instead) unless the engine fell more than CATCH_UP_NS behind or was idle.
    long start = lastEnd != 0 && now - lastEnd <= CATCH_UP_NS ? lastEnd : now;
    int budget = config.maxBatchedTokens();
    int decodeTokens = 0;
    int prefillTokens = 0;
    long context = 0;
    List<Sequence> batch = new ArrayList<>(running.size() + 8);

    // Running sequences first, oldest first; preempt from the newest when blocks run out.
    for (int i = 0; i < running.size() && budget > 0; i++) {
      Sequence s = running.get(i);
      int n = Math.min(s.known() - s.computed, budget);
      if (n <= 0) {
        continue;
      }
      boolean fits = true;
      while (!ensureBlocks(s, s.computed + n)) {
        Sequence victim = running.get(running.size() - 1);
        preempt(victim);
        if (victim == s) {
          fits = false;
          break;
        }
      }
      if (!fits) {
        break;
      }
      boolean decode = s.generated > 0 && n == 1 && s.computed == s.known() - 1;
      if (decode) {
        decodeTokens++;
      } else {
        prefillTokens += n;
      }
      s.scheduledThisStep = n;
      context += s.computed + n;
      budget -= n;
      batch.add(s);
    }

    // Admit waiting sequences while there is room.
    while (budget > 0 && running.size() < config.maxNumSeqs() && !waiting.isEmpty()) {
      Sequence s = waiting.peekFirst();
      if (!admit(s, budget)) {
        break;
      }
      start = Math.max(start, s.arrivalNs); // no work before the request existed
      waiting.pollFirst();
      running.add(s);
      int n = s.scheduledThisStep;
      prefillTokens += n;
      context += s.computed + n;
      budget -= n;
      batch.add(s);
    }
    for (Sequence s : batch) {
      if (s.firstScheduledNs < 0) {
        s.firstScheduledNs = start;
      }
    }
    publishGauges();
    if (batch.isEmpty()) {
      // Nothing fits (e.g. a prompt larger than the free cache while others hold blocks): wait for a change.
      LockSupport.parkNanos(1_000_000);
      return;
    }

    long stepNs = Math.max(1, Math.round(config.profile().stepNs(decodeTokens, prefillTokens, context) * config.timeScale()));
    long end = start + stepNs;
    lastEnd = end;
    sleepUntil(end);
    long late = System.nanoTime() - end;
    if (late > 0) {
      metrics.stepLateNs.add(late);
    }
    metrics.stepTime.observeNanos(stepNs);

    boolean finishedAny = false;
    for (Sequence s : batch) {
      s.computed += s.scheduledThisStep;
      s.scheduledThisStep = 0;
      commitFullBlocks(s);
      if (s.computed == s.known() && s.generated < s.target) {
        int index = s.generated++;
        boolean last = s.generated == s.target;
        metrics.generationTokens.increment();
        if (index == 0) {
          metrics.ttft.observeNanos(end - s.arrivalNs);
          s.firstTokenNs = end;
        } else if (s.lastTokenNs > 0) {
          metrics.itl.observeNanos(end - s.lastTokenNs);
        }
        s.lastTokenNs = end;
        if (last) {
          observeFinished(s, end); // before the client can see the end: a scrape after the response counts it
        }
        s.publish(index, end, last);
        if (last) {
          s.finished = true;
          finishedAny = true;
          freeBlocks(s);
        }
      }
    }
    if (finishedAny) {
      running.removeIf(x -> x.finished); // one pass: thousands may finish in the same step
    }
    publishGauges();
  }

  private void observeFinished(Sequence s, long end) {
    metrics.e2e.observeNanos(end - s.arrivalNs);
    metrics.prefillTime.observeNanos(s.firstTokenNs - s.firstScheduledNs);
    metrics.decodeTime.observeNanos(end - s.firstTokenNs);
    metrics.inferenceTime.observeNanos(end - s.firstScheduledNs);
    if (s.target > 1) {
      metrics.tpot.observeNanos((end - s.firstTokenNs) / (s.target - 1));
    }
    metrics.promptSize.observe(s.promptLen);
    metrics.generationSize.observe(s.target);
  }

  /** First scheduling of {@code s}: prefix-cache lookup, then blocks for its first chunk. */
  private boolean admit(Sequence s, int budget) {
    int bs = kv.blockSize();
    int known = s.known();
    // vLLM recomputes at least the last prompt token, so a fully cached prompt still has work.
    int fullBlocks = (known - 1) / bs;
    long[] hashes = new long[fullBlocks];
    long h = 0;
    for (int i = 0; i < fullBlocks; i++) {
      h = KvCache.hash(h, s.tokens, i * bs, (i + 1) * bs);
      hashes[i] = h;
    }
    List<KvCache.Block> hit = kv.match(hashes, fullBlocks);
    for (KvCache.Block b : hit) {
      kv.acquire(b);
    }
    int cached = hit.size() * bs;
    int n = Math.min(known - cached, budget);
    int needed = blocksFor(cached + n) - hit.size();
    if (needed > kv.available()) {
      for (KvCache.Block b : hit) {
        kv.release(b);
      }
      return false;
    }
    s.blocks.addAll(hit);
    for (int i = 0; i < needed; i++) {
      s.blocks.add(kv.allocate());
    }
    s.computed = cached;
    s.committedBlocks = hit.size();
    s.lastHash = hit.isEmpty() ? 0 : hashes[hit.size() - 1];
    s.scheduledThisStep = n;
    if (!s.admitted) {
      s.admitted = true;
      s.cachedTokens = cached;
      metrics.queue.observeNanos(System.nanoTime() - s.arrivalNs);
      metrics.promptTokens.add(s.promptLen);
      metrics.prefixQueries.add(s.promptLen);
      metrics.prefixHits.add(cached);
    }
    return true;
  }

  private int blocksFor(int tokens) {
    return (tokens + kv.blockSize() - 1) / kv.blockSize();
  }

  private boolean ensureBlocks(Sequence s, int tokens) {
    int needed = blocksFor(tokens) - s.blocks.size();
    if (needed <= 0) {
      return true;
    }
    if (needed > kv.available()) {
      return false;
    }
    for (int i = 0; i < needed; i++) {
      s.blocks.add(kv.allocate());
    }
    return true;
  }

  private void commitFullBlocks(Sequence s) {
    int bs = kv.blockSize();
    int full = s.computed / bs;
    while (s.committedBlocks < full) {
      int i = s.committedBlocks;
      s.lastHash = KvCache.hash(s.lastHash, s.tokens, i * bs, (i + 1) * bs);
      kv.commit(s.blocks.get(i), s.lastHash);
      s.committedBlocks++;
    }
  }

  /** Recompute-style preemption: the sequence loses its KV and waits at the head of the queue. */
  private void preempt(Sequence s) {
    if (running.get(running.size() - 1) == s) {
      running.remove(running.size() - 1);
    } else {
      running.remove(s);
    }
    freeBlocks(s);
    s.computed = 0;
    s.committedBlocks = 0;
    s.lastHash = 0;
    s.scheduledThisStep = 0;
    s.preemptions++;
    waiting.addFirst(s);
    metrics.preemptions.increment();
  }

  private void freeBlocks(Sequence s) {
    // Release tail first so the prefix head is evicted last (it is the likeliest to be reused).
    for (int i = s.blocks.size() - 1; i >= 0; i--) {
      kv.release(s.blocks.get(i));
    }
    s.blocks.clear();
  }

  private void publishGauges() {
    metrics.running = running.size();
    metrics.waiting = waiting.size() + incoming.size();
    metrics.kvUsage = kv.used() / (double) kv.numBlocks();
  }

  private static void sleepUntil(long deadline) {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }
}
