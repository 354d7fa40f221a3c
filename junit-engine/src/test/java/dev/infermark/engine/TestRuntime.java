package dev.infermark.engine;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.infermark.protocol.ServerClient;
import dev.infermark.result.RunInfo;
import dev.infermark.run.RunRecording;

/** An engine whose client refuses to send (fixtures send no requests) and whose recording is a mock that notes each finished run. */
final class TestRuntime {
  static final List<RunInfo> FINISHED = new ArrayList<>();

  private TestRuntime() {}

  static InfermarkTestEngine engine() {
    return engine(Map.of());
  }

  /** The engine seeing {@code environment} as the process environment. */
  static InfermarkTestEngine engine(Map<String, String> environment) {
    return new InfermarkTestEngine((settings, base, progress) -> (ServerClient) request -> {
      throw new AssertionError("fixtures send no requests");
    }, recordings(), environment);
  }

  /** A recording that keeps only the finished runs' infos. */
  static RunRecording.Factory recordings() {
    return (dir, settings, client) -> {
      RunRecording recording = mock(RunRecording.class);
      when(recording.measure(any())).thenAnswer(call -> call.getArgument(0));
      when(recording.finish(any())).thenAnswer(call -> {
        synchronized (FINISHED) {
          FINISHED.add(call.getArgument(0));
        }
        return null; // nothing recorded: the AIPerf formats do not apply
      });
      return recording;
    };
  }
}
