package dev.infermark.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.infermark.client.InferenceClient;
import dev.infermark.run.RunInfo;
import dev.infermark.run.RunRecording;

/** An engine whose client and recording do nothing (fixtures send no requests). */
final class TestRuntime {
  static final List<RunInfo> FINISHED = new ArrayList<>();

  private TestRuntime() {}

  static InfermarkTestEngine engine() {
    return engine(Map.of());
  }

  /** The engine seeing {@code environment} as the process environment. */
  static InfermarkTestEngine engine(Map<String, String> environment) {
    return new InfermarkTestEngine((settings, base, progress) -> (InferenceClient) request -> {
      throw new AssertionError("fixtures send no requests");
    }, recordings(), environment);
  }

  /** A recording that keeps only the finished runs' infos. */
  static RunRecording.Factory recordings() {
    return (dir, settings, client) -> new RunRecording() {
      @Override
      public void accept(dev.infermark.record.RequestRecord record) {}

      @Override
      public List<String> finish(RunInfo info, dev.infermark.run.RunResult result) {
        synchronized (FINISHED) {
          FINISHED.add(info);
        }
        return List.of();
      }

      @Override
      public dev.infermark.metrics.Summary profilingSummary() {
        return null;
      }

      @Override
      public void close() {}
    };
  }
}
