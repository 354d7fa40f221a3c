package dev.infermark.run;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.LoadModel;
import dev.infermark.api.RampShape;
import dev.infermark.api.VirtualUser;
import dev.infermark.shard.Shard;

/**
 * A closed loop's users for one phase: each repeats the workload's iteration on a virtual thread of its own,
 * one request in flight. With a concurrency ramp, user {@code i} starts when the ramped concurrency reaches
 * {@code i + 1}; under a user-centric rate, each user's requests are paced ({@link UserCentricPacing}).
 */
final class ClosedPhase {
  private ClosedPhase() {}

  static void start(ClosedLoop work, int users, LoadModel.Ramp ramp, LoadModel.UserCentric userCentric, PhaseState state,
      Shard shard, PhaseDriver.Iterations iterations, HarnessContext ctx) {
    int mine = shard.share(users);
    for (int u = 0; u < mine; u++) {
      int index = shard.unit(u); // numbered as in the whole run
      long startNs = state.startNs + startOffsetNs(ramp, index, users);
      PhaseUser.Pacing pacing = userCentric == null ? PhaseUser.AT_ONCE
          : new UserCentricPacing(state.startNs, userCentric, index);
      VirtualUser user = PhaseDriver.user(index, state, ctx, pacing);
      iterations.start("infermark-user-" + index, () -> {
        sleepUntil(startNs);
        while (user.running()) {
          work.iterate(user);
        }
      }, () -> { });
    }
  }

  /**
   * When user {@code index} of {@code users} starts under {@code ramp}, from the phase's start, ns: when the
   * ramped concurrency first reaches {@code index + 1} (0 without a ramp, or when the ramp starts there).
   */
  static long startOffsetNs(LoadModel.Ramp ramp, int index, int users) {
    double need = index + 1;
    if (ramp == null || need <= ramp.from() || users <= ramp.from()) {
      return 0;
    }
    double over = ramp.over().toNanos();
    double f = ramp.shape() == RampShape.LINEAR ? (need - ramp.from()) / (users - ramp.from())
        : Math.log(need / ramp.from()) / Math.log(users / ramp.from());
    return (long) (Math.min(1, f) * over);
  }

  /** Parks until {@code instantNs} ({@code System.nanoTime()}); an interrupt ends the wait at once. */
  static void sleepUntil(long instantNs) throws InterruptedException {
    for (long left = instantNs - System.nanoTime(); left > 0; left = instantNs - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  /**
   * AIPerf's user-centric timing for one user: its first request is due {@code index / rate} seconds into the
   * phase (the users' first turns spread over one gap), each later one a turn gap ({@code users / rate}) after the
   * previous one was due; when the iteration sends later than that (the previous answer came late), the request
   * is due at once and the user's schedule restarts from it.
   */
  static final class UserCentricPacing implements PhaseUser.Pacing {
    private final long gapNs;
    private long nextNs;

    UserCentricPacing(long phaseStartNs, LoadModel.UserCentric model, int index) {
      this.gapNs = model.turnGap().toNanos();
      this.nextNs = phaseStartNs + (long) (index * TimeUnit.SECONDS.toNanos(1) / model.rate());
    }

    @Override
    public synchronized long due(long nowNs) {
      long due = Math.max(nextNs, nowNs);
      nextNs = due + gapNs;
      return due;
    }
  }
}
