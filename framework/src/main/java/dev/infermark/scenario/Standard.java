package dev.infermark.scenario;

import dev.infermark.run.ClientFactory;
import dev.infermark.run.RunRecording;

/** The standard client and recording of a run: the OpenAI HTTP client and the AIPerf-style exports. */
public final class Standard {
  private Standard() {}

  public static ClientFactory clients() {
    return (settings, base, progress) -> {
      throw new UnsupportedOperationException("the OpenAI client is not wired yet");
    };
  }

  public static RunRecording.Factory recordings() {
    return (dir, settings, progress) -> {
      throw new UnsupportedOperationException("the run recording is not wired yet");
    };
  }
}
