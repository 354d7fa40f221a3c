package dev.infermark.agentx.replay;

/**
 * The scheduler's time source. Behind an interface so the replay rules are tested with a fake
 * clock (no sleeps, exact instants) and run against {@link SystemReplayClock} for real.
 */
public interface ReplayClock {
  /** Now, in nanoseconds on the same scale as {@code System.nanoTime()}. */
  long nowNanos();

  /** Runs {@code task} once at (or as soon as possible after) {@code atNanos}; past instants run at once. */
  void schedule(Runnable task, long atNanos);

  /**
   * How long before its due instant a request is handed to the client: it builds the prompt and
   * writes the body meanwhile, and the client sends it at the due instant (zero: at the instant).
   */
  default long leadNanos() {
    return 0;
  }
}
