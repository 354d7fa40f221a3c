package dev.infermark.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.record.RecordSink;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where a run's records go while it runs (the per-request export, metric accumulators) and what
 * writes the end-of-run artifacts. The runner opens one per run.
 */
public interface RunRecording extends RecordSink, AutoCloseable {

  /** What the end-of-run artifacts need besides the records. */
  record RunInfo(String scenario, Map<String, String> params, String benchmarkId, long seed,
      Map<String, Map<String, String>> settings, Optional<SubmissionVerdict> verdict, boolean cancelled,
      Instant start, Instant end, ObjectNode extras) {}

  /**
   * Writes the end-of-run artifacts, adds every measured statistic to {@code result} (so SLOs can
   * find it) and returns the console table lines.
   */
  List<String> finish(RunInfo info, RunResult result) throws IOException;

  @Override
  void close() throws IOException;

  /** Opens the recording of one run. */
  @FunctionalInterface
  interface Factory {
    RunRecording open(Path runDir, Settings settings, Progress progress) throws IOException;
  }
}
