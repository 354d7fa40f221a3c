package dev.infermark.prometheus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The hand-written Prometheus expositions under {@code src/test/resources/servermetrics/}, each backend's documented names. */
public final class Expositions {
  private Expositions() {}

  /** The exposition {@code name} ({@code vllm.txt}, {@code trtllm.txt}, ...). */
  public static String resource(String name) {
    try (InputStream in = Expositions.class.getResourceAsStream("/servermetrics/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test exposition " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
