package dev.infermark.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.FixedSchedule;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.LoadModel;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.PhaseOver;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.load.ArrivalTimes;
import dev.infermark.load.LoadModels;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;

/**
 * Runs the phases of a closed- or open-loop workload, as JMH's runner owns the loop: warmup
 * ({@code warmup-request-count} requests and/or {@code warmup-duration}, kept out of the metrics), then
 * profiling until {@code benchmark-duration} has passed or {@code request-count} requests were sent, whichever
 * comes first. After a timed phase, requests in flight have {@code benchmark-grace-period} to finish; then they
 * are cut off (recorded as cancelled, type {@code CutOff}). A cancel of the run interrupts every iteration at
 * once (their requests are recorded as cancelled).
 *
 * <p>How iterations start is the run's {@link LoadModel} ({@link LoadModels}): {@link ClosedPhase} runs a closed
 * loop's users (and a user-centric rate's, paced), {@link OpenPhase} starts one iteration per arrival: of the
 * model's arrival process, or of the workload's own schedule when it is a {@link FixedSchedule} that has one.
 *
 * <p>Sharded ({@code shard-count} &gt; 1): a shard runs the users numbered {@code shard-index} modulo
 * {@code shard-count} (an open loop: the arrivals so numbered, of the same schedule), its share of the warmup
 * and profiling request budgets and of an open loop's cap, and starts profiling at {@code start-at} when set.
 */
public final class PhaseDriver {
  /** How long iterations get to return once cut off (their requests are aborted; this only bounds a stuck one). */
  static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private final LoadGenerator work;
  private final HarnessContext ctx;
  private final LoadModel model;
  /** The workload's own arrival instants ({@link FixedSchedule}), or {@code null} for the model's. */
  private final long[] schedule;

  private PhaseDriver(LoadGenerator work, HarnessContext ctx, LoadModel model, long[] schedule) {
    this.work = work;
    this.ctx = ctx;
    this.model = model;
    this.schedule = schedule;
  }

  /**
   * Runs warmup (when asked) and profiling of a closed- or open-loop workload, as the run's load model says;
   * returns when both are over or the run was cancelled.
   *
   * @throws IllegalArgumentException when the load settings cannot be used, or the workload cannot run under them
   */
  public static void run(LoadGenerator work, HarnessContext ctx) throws InterruptedException {
    long[] schedule = work instanceof FixedSchedule f ? f.arrivalOffsetsNanos() : null;
    if (schedule != null) {
      new PhaseDriver(work, ctx, LoadModels.fixed(ctx.settings(), schedule), schedule).run();
      return;
    }
    LoadModels.check(work, ctx.settings(), ctx.scenario());
    new PhaseDriver(work, ctx, LoadModels.of(ctx.settings()), null).run();
  }

  private void run() throws InterruptedException {
    Settings s = ctx.settings();
    Shard shard = Shard.of(s);
    int units = switch (model) {
      case LoadModel.Closed c -> c.users();
      case LoadModel.UserCentric u -> u.users();
      case LoadModel.Open o -> o.maxConcurrency();
    };
    if (units > 0) {
      shard.requireUnits(units, model instanceof LoadModel.UserCentric ? Keys.NUM_USERS.name()
          : model instanceof LoadModel.Open ? Keys.MAX_CONCURRENCY.name() : Keys.CONCURRENCY.name());
    }
    shard.stamp(ctx.exportExtras());
    ctx.log("infermark: " + ctx.scenario() + ": " + (schedule == null ? describe(model) : describeSchedule()));
    int warmupCount = shard.share(s.get(Keys.WARMUP_REQUEST_COUNT));
    Duration warmupTime = s.get(Keys.WARMUP_DURATION);
    boolean timedWarmup = warmupTime != null && !warmupTime.isZero() && !warmupTime.isNegative();
    if (warmupCount > 0 || timedWarmup) {
      ctx.phase(Phase.WARMUP, timedWarmup ? warmupTime : null);
      runPhase(Phase.WARMUP, shard, timedWarmup ? warmupTime : null, warmupCount);
    }
    // start-at: every shard starts measuring at the same instant.
    if (!shard.awaitStart(ctx::onCancel) || ctx.cancelled()) {
      return;
    }
    // a schedule runs to its last arrival unless a duration was given
    Duration duration = schedule != null && !s.isSet(Keys.BENCHMARK_DURATION) ? null : s.get(Keys.BENCHMARK_DURATION);
    int limit = s.get(Keys.REQUEST_COUNT);
    if (limit > 0) {
      shard.requireUnits(limit, "request-count");
      limit = shard.share(limit);
    }
    ctx.phase(Phase.PROFILING, duration);
    runPhase(Phase.PROFILING, shard, duration, limit);
  }

  /** One line for the run's output: how iterations start. */
  static String describe(LoadModel model) {
    return switch (model) {
      case LoadModel.Closed c -> "closed loop of " + c.users() + (c.users() == 1 ? " user" : " users")
          + (c.ramp() == null ? "" : ", ramped " + c.ramp().shape().label() + " over " + c.ramp().over().toMillis() / 1000.0 + " s");
      case LoadModel.Open o -> "open loop, " + o.rate() + " arrivals/s, " + o.arrival().label()
          + (o.arrival() == dev.infermark.api.Arrival.GAMMA ? " (smoothness " + o.smoothness() + ")" : "")
          + (o.capped() ? ", at most " + o.maxConcurrency() + " in flight" : "")
          + (o.rateRamp() == null ? "" : ", rate ramped " + o.rateRamp().shape().label() + " over "
              + o.rateRamp().over().toMillis() / 1000.0 + " s");
      case LoadModel.UserCentric u -> "user-centric rate, " + u.rate() + " requests/s over " + u.users() + " users (one turn "
          + "per user every " + u.turnGap().toMillis() / 1000.0 + " s)";
    };
  }

  /** The run's output line for a fixed schedule. */
  private String describeSchedule() {
    LoadModel.Open o = (LoadModel.Open) model;
    return "fixed schedule of " + schedule.length + (schedule.length == 1 ? " arrival" : " arrivals") + " (mean "
        + String.format(java.util.Locale.ROOT, "%.3g", o.rate()) + " arrivals/s)"
        + (o.capped() ? ", at most " + o.maxConcurrency() + " in flight" : "");
  }

  private void runPhase(Phase phase, Shard shard, Duration duration, int limit) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = duration == null ? Long.MAX_VALUE : start + duration.toNanos();
    PhaseState state = new PhaseState(phase, start, deadline, limit, ctx.cancellation());
    Iterations iterations = new Iterations(state);
    // A cancel aborts what is in flight now (recorded as cancelled), even a request that was just leaving.
    Runnable unregister = ctx.onCancel(iterations::interruptAll);
    OpenPhase open = null;
    try {
      switch (model) {
        case LoadModel.Open o -> open = OpenPhase.start((OpenLoop) work, o, schedule != null ? ArrivalTimes.fixed(schedule)
            : ArrivalTimes.of(o, ctx.seed() + (phase == Phase.WARMUP ? 0x9E3779B97F4A7C15L : 0)), state, shard, iterations, ctx);
        case LoadModel.Closed c -> ClosedPhase.start((ClosedLoop) work, c.users(), c.ramp(), null, state, shard, iterations, ctx);
        case LoadModel.UserCentric u -> ClosedPhase.start((ClosedLoop) work, u.users(), null, u, state, shard, iterations, ctx);
      }
      iterations.awaitEnd(phase, deadline, ctx);
    } finally {
      if (open != null) {
        open.finish(Math.min(System.nanoTime(), deadline));
      }
      state.end();
      unregister.run();
    }
    Throwable failure = iterations.failure.get();
    if (failure != null) {
      throw new IllegalStateException("a virtual user failed: " + failure, failure);
    }
  }

  /**
   * The iterations of one phase, however they start: each runs on a virtual thread of its own; the phase waits
   * for them until its deadline and grace period, then cuts off what is left.
   */
  static final class Iterations {
    private final PhaseState state;
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile Thread starter;

    Iterations(PhaseState state) {
      this.state = state;
    }

    /** Starts one iteration of {@code user} on its own virtual thread ({@code then} runs after it, whatever happened). */
    Thread start(String name, Body body, Runnable then) {
      Thread t = Thread.ofVirtual().name(name).unstarted(() -> {
        try {
          body.run();
        } catch (PhaseOver | InterruptedException over) {
          // the phase ended under this iteration (its time, its request count, a cut-off or a cancel)
        } catch (Exception | Error e) {
          if (!state.ended()) {
            failure.compareAndSet(null, e);
          }
        } finally {
          live.remove(Thread.currentThread());
          then.run();
        }
      });
      live.add(t);
      t.start();
      return t;
    }

    /** The thread that starts iterations (an open loop's pacer): waited for, and interrupted, with them. */
    void starter(Thread t) {
      this.starter = t;
    }

    void interruptAll() {
      Thread s = starter;
      if (s != null) {
        s.interrupt();
      }
      live.forEach(Thread::interrupt);
    }

    /** Waits for the iterations: to the deadline, then the grace period (profiling announces it), then cuts off. */
    void awaitEnd(Phase phase, long deadline, HarnessContext ctx) throws InterruptedException {
      Duration grace = ctx.settings().get(Keys.BENCHMARK_GRACE_PERIOD);
      Thread s = starter;
      if (s != null) {
        s.join(); // the pacer ends at the deadline, the request budget or a cancel
      }
      boolean graceAnnounced = false;
      while (!live.isEmpty()) {
        List<Thread> now = new ArrayList<>(live);
        for (Thread t : now) {
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
            cutOff(phase, grace, ctx);
            awaitStopped(phase, ctx);
            return;
          }
        }
      }
    }

    private void cutOff(Phase phase, Duration grace, HarnessContext ctx) {
      // Past the grace period: what is still in flight is cut off, and recorded as such.
      if (!ctx.cancelled()) {
        state.cut.abort(RequestError.cutOff("cut off at the end of " + (phase == Phase.WARMUP ? "warmup" : "the run")
            + ": still in flight when benchmark-grace-period (" + grace.toMillis() / 1000.0 + " s) ran out"));
      }
      interruptAll();
    }

    private void awaitStopped(Phase phase, HarnessContext ctx) throws InterruptedException {
      for (Thread t : new ArrayList<>(live)) {
        if (!t.join(STOP_WAIT)) {
          ctx.log("infermark: WARNING virtual user " + t.getName() + " did not stop within " + STOP_WAIT.toSeconds()
              + " s of the end of " + phase.label());
        }
      }
    }
  }

  /** An iteration's body. */
  @FunctionalInterface
  interface Body {
    void run() throws Exception;
  }

  /** A user of a phase, for the drivers. */
  static VirtualUser user(int index, PhaseState state, HarnessContext ctx, PhaseUser.Pacing pacing) {
    return new PhaseUser(index, state, ctx.client(), pacing);
  }
}
