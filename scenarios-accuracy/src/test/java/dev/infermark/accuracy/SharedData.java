package dev.infermark.accuracy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** Locates {@code shared/data/accuracy} (read in place; tests skip when it is absent). */
public final class SharedData {
  private SharedData() {}

  public static Path accuracy() {
    return dev.infermark.testdata.SharedData.require("accuracy");
  }

  public static Path file(String relative) {
    Path p = accuracy().resolve(relative);
    Assumptions.assumeTrue(Files.exists(p), "shared data file not present: " + p.toAbsolutePath());
    return p;
  }
}
