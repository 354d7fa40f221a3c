package dev.infermark.observer;

/**
 * Something that watches a run from beside it (the servers' Prometheus {@code /metrics}, module
 * {@code server-metrics}), registered as a {@code java.util.ServiceLoader} service. The harness starts
 * every one on the class path for each run ({@link RunObservers}); none found, the run goes on without.
 */
public interface RunObserver {
  /** Its name in console notes, lower case: e.g. {@code server-metrics}. */
  String name();

  /**
   * Starts watching one run, before its first request. Trouble of its own (an endpoint that does not
   * answer) is a note on {@link ObservedRun#out()} and never fails the run; an exception thrown here or
   * from the observation is a note too, and the run goes on without it.
   */
  Observation start(ObservedRun run);
}
