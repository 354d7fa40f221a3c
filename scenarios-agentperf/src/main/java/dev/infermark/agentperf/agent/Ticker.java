package dev.infermark.agentperf.agent;

import java.util.concurrent.TimeUnit;

/**
 * Time for agents and phases: the system clock in runs, a virtual one in tests (time that moves only
 * when every agent and the phase sleep, so a test's outcome does not depend on how loaded the
 * machine is). The threads that live by this time are started through {@link #start}.
 */
public interface Ticker {
  /** Monotonic nanoseconds (comparable with {@code RequestRecord} times for the system ticker). */
  long nanoTime();

  /** Sleeps {@code nanos}; an interrupt ends it early with {@link InterruptedException}. */
  void sleep(long nanos) throws InterruptedException;

  /** Starts {@code task} on a new virtual thread named {@code name} whose sleeps go through this ticker. */
  default Thread start(String name, Runnable task) {
    return Thread.ofVirtual().name(name).start(task);
  }

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
