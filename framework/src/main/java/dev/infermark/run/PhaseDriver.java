package dev.infermark.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.PhaseOver;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;

/**
 * Runs a {@link ClosedLoop} workload's phases, as JMH's runner owns the loop: {@code concurrency}
 * virtual users each repeat the workload's iteration; warmup ({@code warmup-request-count} requests
 * and/or {@code warmup-duration}, kept out of the metrics), then profiling until
 * {@code benchmark-duration} has passed or {@code request-count} requests were sent, whichever comes
 * first. After a timed phase, requests in flight have {@code benchmark-grace-period} to finish; then
 * they are cut off (recorded as cancelled, type {@code CutOff}). A cancel of the run interrupts the
 * users at once (their requests are recorded as cancelled).
 *
 * <p>Sharded ({@code shard-count} &gt; 1): a shard runs the users numbered {@code shard-index} modulo
 * {@code shard-count} and its share of the warmup and profiling request budgets, and starts profiling
 * at {@code start-at} when set.
 */
public final class PhaseDriver {
  /** How long users get to return once cut off (their requests are aborted; this only bounds a stuck user). */
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private final ClosedLoop work;
  private final HarnessContext ctx;

  private PhaseDriver(ClosedLoop work, HarnessContext ctx) {
    this.work = work;
    this.ctx = ctx;
  }

  /** Runs warmup (when asked) and profiling; returns when both are over or the run was cancelled. */
  public static void run(ClosedLoop work, HarnessContext ctx) throws InterruptedException {
    new PhaseDriver(work, ctx).run();
  }

  private void run() throws InterruptedException {
    Settings s = ctx.settings();
    List<Integer> levels = s.get(Keys.CONCURRENCY);
    if (levels.size() != 1) {
      throw new IllegalArgumentException("infermark.concurrency: this workload runs one level per run; got " + levels
          + " (sweep it with a @Param field: @Param(value = {\"8\", \"32\"}, setting = Setting.CONCURRENCY) int users;)");
    }
    // A shard runs the users numbered index mod count and its share of each request budget.
    Shard shard = Shard.of(s);
    shard.requireUnits(levels.get(0), "concurrency");
    shard.stamp(ctx.exportExtras());
    int users = shard.share(levels.get(0));
    int warmupCount = shard.share(s.get(Keys.WARMUP_REQUEST_COUNT));
    Duration warmupTime = s.get(Keys.WARMUP_DURATION);
    boolean timedWarmup = warmupTime != null && !warmupTime.isZero() && !warmupTime.isNegative();
    if (warmupCount > 0 || timedWarmup) {
      ctx.phase(Phase.WARMUP, timedWarmup ? warmupTime : null);
      runPhase(Phase.WARMUP, shard, users, timedWarmup ? warmupTime : null, warmupCount);
    }
    // start-at: every shard starts measuring at the same instant.
    if (!shard.awaitStart(ctx::onCancel) || ctx.cancelled()) {
      return;
    }
    Duration duration = s.get(Keys.BENCHMARK_DURATION);
    int limit = s.get(Keys.REQUEST_COUNT);
    if (limit > 0) {
      shard.requireUnits(limit, "request-count");
      limit = shard.share(limit);
    }
    ctx.phase(Phase.PROFILING, duration);
    runPhase(Phase.PROFILING, shard, users, duration, limit);
  }

  private void runPhase(Phase phase, Shard shard, int users, Duration duration, int limit) throws InterruptedException {
    long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
    Duration grace = ctx.settings().get(Keys.BENCHMARK_GRACE_PERIOD);
    PhaseState state = new PhaseState(phase, deadline, limit);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>(users);
    for (int u = 0; u < users; u++) {
      User user = new User(shard.unit(u), state); // numbered as in the whole run
      threads.add(Thread.ofVirtual().name("infermark-user-" + u).unstarted(() -> {
        try {
          while (user.running()) {
            work.iterate(user);
          }
        } catch (PhaseOver | InterruptedException over) {
          // the phase ended under this user (its time, its request count, a cut-off or a cancel)
        } catch (Exception | Error e) {
          if (!state.ended()) {
            failure.compareAndSet(null, e);
          }
        }
      }));
    }
    // A cancel aborts what is in flight now (recorded as cancelled), even a request that was just leaving.
    Runnable unregister = ctx.onCancel(() -> threads.forEach(Thread::interrupt));
    try {
      threads.forEach(Thread::start);
      boolean graceAnnounced = false;
      for (Thread t : threads) {
        if (deadline == Long.MAX_VALUE) {
          t.join();
          continue;
        }
        long wait = deadline - System.nanoTime();
        if (wait > 0 && t.join(Duration.ofNanos(wait))) {
          continue;
        }
        if (!graceAnnounced && phase == Phase.PROFILING) {
          ctx.grace(grace);
          graceAnnounced = true;
        }
        long left = deadline + grace.toNanos() - System.nanoTime();
        if (left <= 0 || !t.join(Duration.ofNanos(left))) {
          // Past the grace period: what is still in flight is cut off, and recorded as such.
          if (!ctx.cancelled()) {
            state.cut.abort(RequestError.cutOff("cut off at the end of " + (phase == Phase.WARMUP ? "warmup" : "the run")
                + ": still in flight when benchmark-grace-period (" + grace.toMillis() / 1000.0 + " s) ran out"));
          }
          threads.forEach(Thread::interrupt);
        }
      }
      for (Thread t : threads) {
        if (!t.join(STOP_WAIT)) {
          ctx.log("infermark: WARNING virtual user " + t.getName() + " did not stop within " + STOP_WAIT.toSeconds()
              + " s of the end of " + phase.label());
        }
      }
    } finally {
      state.end();
      unregister.run();
    }
    if (failure.get() != null) {
      throw new IllegalStateException("a virtual user failed: " + failure.get(), failure.get());
    }
  }

  /** What decides whether a phase still sends: its deadline, its request budget, a cut-off, the run's cancel. */
  private final class PhaseState {
    final Phase phase;
    final long deadline;
    final int limit;
    final AtomicInteger issued = new AtomicInteger();
    final Abort cut = new Abort();
    volatile boolean ended;

    PhaseState(Phase phase, long deadline, int limit) {
      this.phase = phase;
      this.deadline = deadline;
      this.limit = limit;
    }

    boolean open() {
      return !ended && !cut.aborted() && !ctx.cancelled() && System.nanoTime() < deadline
          && (limit <= 0 || issued.get() < limit);
    }

    /** Takes the permit to send one request, or throws {@link PhaseOver}. */
    void take() {
      if (!open() || Thread.currentThread().isInterrupted() || limit > 0 && issued.incrementAndGet() > limit) {
        throw new PhaseOver(phase.label() + " is over");
      }
    }

    boolean ended() {
      return ended || cut.aborted() || ctx.cancelled();
    }

    void end() {
      ended = true;
    }
  }

  /** One virtual user: its client stamps the phase, takes a permit per request, and is cut off with the phase. */
  private final class User implements VirtualUser, InferenceClient {
    private final int index;
    private final PhaseState state;

    User(int index, PhaseState state) {
      this.index = index;
      this.state = state;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public Phase phase() {
      return state.phase;
    }

    @Override
    public InferenceClient client() {
      return this;
    }

    @Override
    public boolean running() {
      return state.open() && !Thread.currentThread().isInterrupted();
    }

    @Override
    public RequestRecord send(InferenceRequest request) {
      state.take();
      return ctx.client().send(request.withPhase(state.phase), state.cut);
    }

    @Override
    public RequestRecord send(InferenceRequest request, Abort abort) {
      state.take();
      Runnable unlink = state.cut.onAbort(() -> abort.abort(state.cut.reason().orElseThrow()));
      try {
        return ctx.client().send(request.withPhase(state.phase), abort);
      } finally {
        unlink.run();
      }
    }
  }
}
