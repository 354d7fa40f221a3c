package dev.infermark.run;

import java.io.IOException;
import java.nio.file.Path;

import dev.infermark.api.RunResult;
import dev.infermark.result.Recorded;
import dev.infermark.result.RunInfo;
import dev.infermark.protocol.ServerClient;
import dev.infermark.metrics.Summary;
import dev.infermark.record.RecordSink;
import dev.infermark.observer.Mark;
import dev.infermark.settings.Settings;

/**
 * Where a run's records go while it runs (the per-request export, metric accumulators) and what
 * writes the end-of-run artifacts. The runner opens one per run.
 */
public interface RunRecording extends RecordSink, AutoCloseable {

  /**
   * Ends the recording: flushes the per-request export, writes what only it holds
   * ({@code inputs.json}) and returns what it measured, from which the result formats write
   * the rest ({@code dev.infermark.result.ResultFormats}).
   */
  Recorded finish(RunInfo info) throws IOException;

  /**
   * {@code result} with every measured statistic added (the recording's values replace the
   * workload's of the same key), before {@link #finish} writes: the runner checks the SLOs against
   * it and writes their verdicts ({@code slo_results}) into the same export.
   */
  default RunResult measure(RunResult result) {
    return result;
  }

  @Override
  void close() throws IOException;

  /** Closes and removes what was written so far: the run failed before sending anything. */
  default void discard() throws IOException {
    close();
  }

  /** A phase boundary the harness announced; the recording marks the profiling window with it. */
  default void mark(Mark m) {}

  /**
   * The run's identity, before any load: the recording keeps it beside its records, so that a run that
   * never reaches {@link #finish} (a killed process) can still be summarised from them.
   */
  default void started(RunInfo info) {}

  /**
   * What to do, once, when the records can no longer be written (a full disk): the runner aborts the
   * run. Called with a message naming the file.
   */
  default void onWriteFailure(java.util.function.Consumer<String> action) {}

  /** The profiling metrics so far (for the multi-run aggregate). */
  Summary profilingSummary();

  /** Opens the recording of one run, for the run's client. */
  @FunctionalInterface
  interface Factory {
    RunRecording open(Path runDir, Settings settings, ServerClient client) throws IOException;
  }
}
