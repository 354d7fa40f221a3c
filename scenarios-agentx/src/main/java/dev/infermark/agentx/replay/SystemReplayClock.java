package dev.infermark.agentx.replay;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The real clock: {@code System.nanoTime()} and one platform timer thread. Timer tasks only move
 * requests onto virtual threads, so one thread keeps up with thousands of lanes.
 */
public final class SystemReplayClock implements ReplayClock, AutoCloseable {
  /**
   * Requests go to the client this long before they are due, so that building a ~20k-token (up to
   * 200k) prompt and writing its body happen before the instant, not after it: the client then
   * waits for the instant and sends (dispatch lateness is measured at the send). Half a second:
   * the request's virtual thread can wait that long for a carrier while an embedded simulator's
   * decode steps wake thousands of connection threads (100 ms left 0.5–2.6 % of requests late).
   */
  static final long LEAD_NS = 500_000_000L;
  private final ScheduledThreadPoolExecutor timer;

  public SystemReplayClock() {
    timer = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "agentx-replay-timer");
      t.setDaemon(true);
      return t;
    });
    timer.setRemoveOnCancelPolicy(true);
  }

  @Override
  public long nowNanos() {
    return System.nanoTime();
  }

  @Override
  public void schedule(Runnable task, long atNanos) {
    timer.schedule(task, Math.max(0, atNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  @Override
  public long leadNanos() {
    return LEAD_NS;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
