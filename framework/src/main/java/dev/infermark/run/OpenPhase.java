package dev.infermark.run;

import java.time.Duration;
import java.util.ArrayDeque;

import dev.infermark.api.LoadModel;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.VirtualUser;
import dev.infermark.load.ArrivalTimes;
import dev.infermark.shard.Shard;

/**
 * An open loop's arrivals for one phase: a pacer (a platform thread of its own, {@code infermark-pacer}) walks
 * the seeded arrival schedule ({@link ArrivalTimes}) and starts one iteration per arrival, whatever the server
 * does, until the phase's deadline or request budget, or a cancel.
 *
 * <p>Uncapped, an iteration starts {@link #LEAD} before its instant and hands its first request to the client
 * due at the instant: the client's timer thread sends it then, so a busy JVM delays no departure by a virtual
 * thread's wait for a carrier. Capped ({@code max-concurrency}), an arrival waits at its instant, in arrival
 * order, for a slot to free (an iteration to end), and the schedule goes on meanwhile; its request is due at its
 * instant, so the wait counts in {@code schedule_lag} and the latencies measured from the intended instant. A
 * shard keeps the arrivals numbered {@code shard-index} modulo {@code shard-count} of the one schedule.
 */
final class OpenPhase {
  /** How far ahead of its instant an uncapped arrival's iteration starts (it builds its request meanwhile). */
  static final Duration LEAD = Duration.ofMillis(200);

  private final OpenLoop work;
  private final LoadModel.Open model;
  private final PhaseState state;
  private final Shard shard;
  private final PhaseDriver.Iterations iterations;
  private final HarnessContext ctx;
  private final Gate gate;

  private OpenPhase(OpenLoop work, LoadModel.Open model, PhaseState state, Shard shard, PhaseDriver.Iterations iterations,
      HarnessContext ctx) {
    this.work = work;
    this.model = model;
    this.state = state;
    this.shard = shard;
    this.iterations = iterations;
    this.ctx = ctx;
    this.gate = model.capped() ? new Gate(model, state.startNs, shard) : null;
  }

  /**
   * Starts the pacer of one phase; {@link PhaseDriver.Iterations#awaitEnd} waits for it and for its iterations,
   * then {@link #finish}.
   */
  static OpenPhase start(OpenLoop work, LoadModel.Open model, ArrivalTimes times, PhaseState state, Shard shard,
      PhaseDriver.Iterations iterations, HarnessContext ctx) {
    OpenPhase p = new OpenPhase(work, model, state, shard, iterations, ctx);
    Thread pacer = Thread.ofPlatform().name("infermark-pacer").daemon().unstarted(() -> p.pace(times));
    iterations.starter(pacer);
    pacer.start();
    return p;
  }

  private void pace(ArrivalTimes times) {
    long lead = gate == null ? LEAD.toNanos() : 0;
    try {
      for (int i = 0; ; i++) {
        long offset = times.next();
        long at = offset == Long.MAX_VALUE ? Long.MAX_VALUE : state.startNs + offset;
        if (at >= state.deadline || !state.open()) {
          return; // an arrival due at or after the end is never started
        }
        if (!shard.owns(i)) {
          continue;
        }
        ClosedPhase.sleepUntil(at - lead);
        if (!state.open()) {
          return;
        }
        VirtualUser arrival = PhaseDriver.user(i, state, ctx, firstAt(at));
        String name = "infermark-arrival-" + i;
        if (gate == null) {
          iterations.start(name, () -> work.iterate(arrival), () -> { });
        } else {
          ClosedPhase.sleepUntil(at);
          gate.arrive(at, () -> iterations.start(name, () -> work.iterate(arrival), gate::release));
        }
      }
    } catch (InterruptedException cancelled) {
      // the run was cancelled, or the phase cut off
    } finally {
      finish(Math.min(System.nanoTime(), state.deadline)); // arrivals still waiting for a slot never start
    }
  }

  /**
   * The pacing of one arrival's iteration: its first request is due at the arrival's instant, later ones (the
   * next turns of its conversation) when the iteration sends them.
   */
  private static PhaseUser.Pacing firstAt(long at) {
    return new PhaseUser.Pacing() {
      private boolean first = true;

      @Override
      public synchronized long due(long nowNs) {
        if (first) {
          first = false;
          return at;
        }
        return nowNs;
      }
    };
  }

  /**
   * The in-flight cap: iterations hold a slot from their start to their end; an arrival with no free slot waits,
   * in arrival order, and starts when one frees. The cap follows its ramp when there is one.
   */
  static final class Gate {
    private final LoadModel.Open model;
    private final long phaseStartNs;
    private final Shard shard;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private int inFlight;
    private boolean closed;
    private long peakWaiting;

    private record Waiting(long at, Runnable start) {}

    Gate(LoadModel.Open model, long phaseStartNs, Shard shard) {
      this.model = model;
      this.phaseStartNs = phaseStartNs;
      this.shard = shard;
    }

    /** The cap now: this shard's share of the (ramped) cap, at least 1. */
    int cap() {
      double whole = model.concurrencyRamp() == null ? model.maxConcurrency()
          : model.concurrencyRamp().at(Duration.ofNanos(System.nanoTime() - phaseStartNs), model.maxConcurrency());
      return Math.max(1, (int) Math.floor(whole / shard.count()));
    }

    /** An arrival at {@code at}: started now when a slot is free, else when one frees (unless the phase ends first). */
    void arrive(long at, Runnable start) {
      synchronized (this) {
        if (closed) {
          return;
        }
        if (inFlight >= cap() || !waiting.isEmpty()) {
          waiting.add(new Waiting(at, start));
          peakWaiting = Math.max(peakWaiting, waiting.size());
          return;
        }
        inFlight++;
      }
      start.run();
    }

    /** An iteration ended: its slot goes to the longest-waiting arrival, if any. */
    void release() {
      Runnable next;
      synchronized (this) {
        inFlight--;
        if (closed || waiting.isEmpty() || inFlight >= cap()) {
          return;
        }
        next = waiting.poll().start();
        inFlight++;
      }
      next.run();
    }

    /**
     * The phase is over: arrivals still waiting never start. Returns them (how many, and the oldest's instant),
     * or {@code null} when none waits.
     */
    synchronized Stranded close() {
      closed = true;
      if (waiting.isEmpty()) {
        return null;
      }
      Stranded s = new Stranded(waiting.size(), waiting.peekFirst().at(), peakWaiting);
      waiting.clear();
      return s;
    }

    synchronized int waiting() {
      return waiting.size();
    }

    synchronized int inFlight() {
      return inFlight;
    }
  }

  /**
   * Arrivals the cap kept waiting until their phase ended: never sent, so in no record, and said so.
   *
   * @param count how many
   * @param oldestAtNs the oldest one's instant
   * @param peakWaiting the most that waited at once during the phase
   */
  record Stranded(int count, long oldestAtNs, long peakWaiting) {}

  /** Closes the cap at the end of the phase; says what it stranded (the run's output and its export). */
  void finish(long endNs) {
    if (gate == null) {
      return;
    }
    Stranded s = gate.close();
    if (s == null) {
      return;
    }
    String line = "infermark: " + ctx.scenario() + ": " + s.count() + " arrivals of " + state.phase.label() + " were still "
        + "waiting for a slot (max-concurrency " + model.maxConcurrency() + ") when it ended, the oldest for "
        + String.format(java.util.Locale.ROOT, "%.1f s", (endNs - s.oldestAtNs()) / 1e9)
        + "; they were never sent: the server served fewer than the " + model.rate() + " arrivals/s asked";
    ctx.log(line);
    if (state.phase == dev.infermark.api.request.Phase.PROFILING) {
      var md = ctx.exportExtras().withObjectProperty("metadata");
      md.put("arrivals_never_sent", s.count());
      md.put("arrivals_never_sent_oldest_wait_s", (endNs - s.oldestAtNs()) / 1e9);
      md.put("arrivals_peak_waiting", s.peakWaiting());
    }
  }
}
