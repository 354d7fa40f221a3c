package dev.infermark.scenario;

import dev.infermark.artifact.RunRecorder;
import dev.infermark.protocol.Protocols;
import dev.infermark.run.ClientFactory;
import dev.infermark.run.RunRecording;

/** The standard client and recording of a run: the protocol client {@code infermark.protocol} names and the AIPerf-style exports. */
public final class Standard {
  private Standard() {}

  public static ClientFactory clients() {
    return Protocols::open;
  }

  public static RunRecording.Factory recordings() {
    return (dir, settings, client) -> {
      RunRecorder recorder = new RunRecorder(dir, settings);
      recorder.attach(client);
      return recorder;
    };
  }
}
