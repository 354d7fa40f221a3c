package dev.infermark.scenario;

import dev.infermark.artifact.RunRecorder;
import dev.infermark.client.OpenAiClient;
import dev.infermark.run.ClientFactory;
import dev.infermark.run.RunRecording;

/** The standard client and recording of a run: the OpenAI HTTP client and the AIPerf-style exports. */
public final class Standard {
  private Standard() {}

  public static ClientFactory clients() {
    return OpenAiClient::create;
  }

  public static RunRecording.Factory recordings() {
    return (dir, settings, client) -> {
      RunRecorder recorder = new RunRecorder(dir, settings);
      if (client instanceof OpenAiClient c) {
        recorder.attach(c);
      }
      return recorder;
    };
  }
}
