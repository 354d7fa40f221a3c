package dev.infermark.observer;

import java.util.List;

import dev.infermark.metrics.Summary;

/**
 * One run's observation, as the harness drives it: marked at the phases the workload announces, finished
 * once the load is over and before the run's own artifacts are written, or discarded when the run sent
 * nothing. No method throws for the observer's own trouble: that is a console line.
 */
public interface Observation extends AutoCloseable {
  /** An observation that watches nothing. */
  Observation NONE = new Observation() {};

  /** A phase boundary, as it happens. */
  default void mark(Mark m) {}

  /**
   * The load is over: ends the observation and writes its artifacts into the run folder.
   *
   * @param profiling what the client measured over the profiling phase (cross-checks)
   * @param benchmarkId the run's id, stamped into the artifacts
   * @return the console lines to print with the run's results
   */
  default List<String> finish(Summary profiling, String benchmarkId) {
    return List.of();
  }

  /** The run sent nothing: stops and deletes what was written, so the run leaves no artifacts. */
  default void discard() {
    close();
  }

  /** Stops, if {@link #finish} or {@link #discard} did not (the run failed before them). */
  @Override
  default void close() {}
}
