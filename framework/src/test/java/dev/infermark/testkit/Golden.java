package dev.infermark.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: a writer's output compared byte for byte with {@code src/test/resources/golden/<name>}
 * of the module under test. A refactoring of a writer must keep them green; a deliberate change of
 * a format regenerates them with {@code GOLDEN_UPDATE=1 mvn test ...} and shows the diff in review.
 * Mask only what genuinely varies (timestamps, random ids, measured timings) before comparing.
 */
public final class Golden {
  private Golden() {}

  /** Asserts {@code actual} equals the golden file {@code name} (or rewrites it under {@code GOLDEN_UPDATE=1}). */
  public static void assertMatches(String name, String actual) {
    Path file = Path.of("src", "test", "resources", "golden").resolve(name);
    try {
      if ("1".equals(System.getenv("GOLDEN_UPDATE"))) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file).as("golden file %s (regenerate with GOLDEN_UPDATE=1 when the change is deliberate)", file).exists();
      assertThat(actual).as("%s differs from the golden file %s", name, file.toAbsolutePath())
          .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
