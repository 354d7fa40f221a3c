package dev.infermark.agentperf.agent;

import java.util.concurrent.TimeUnit;

/** Time for agents and phases: the system clock in runs, a controllable one in tests. */
public interface Ticker {
  /** Monotonic nanoseconds (comparable with {@code RequestRecord} times for the system ticker). */
  long nanoTime();

  /** Sleeps {@code nanos}; an interrupt ends it early with {@link InterruptedException}. */
  void sleep(long nanos) throws InterruptedException;

  /** {@link System#nanoTime()} and {@link Thread#sleep}. */
  static Ticker system() {
    return new Ticker() {
      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public void sleep(long nanos) throws InterruptedException {
        if (nanos > 0) {
          TimeUnit.NANOSECONDS.sleep(nanos);
        }
      }
    };
  }
}
