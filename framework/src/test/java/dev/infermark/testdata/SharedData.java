package dev.infermark.testdata;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project's shared real data ({@code shared/data}, next to the repository), read in place by
 * tests that skip when it is absent. {@code -Dshared.data=DIR} points elsewhere (a worktree, CI);
 * the name is not an {@code infermark.*} one, since those are run settings and an unknown one is
 * refused. Every module's tests find the data here (the framework's test jar).
 */
public final class SharedData {
  /** The system property naming the shared data folder. */
  public static final String PROPERTY = "shared.data";

  private SharedData() {}

  /** The shared data folder: {@code -Dshared.data}, else {@code ../../shared/data} from a module's folder. */
  public static Path root() {
    return Path.of(System.getProperty(PROPERTY, "../../shared/data"));
  }

  /** {@code relative} under the shared data folder, whether or not it exists. */
  public static Path path(String relative) {
    return root().resolve(relative);
  }

  /**
   * The seed documents ({@code shared/seeds}, beside the data folder: the sources we implement);
   * skips the calling test when they are absent.
   */
  public static Path seeds() {
    Path p = root().toAbsolutePath().normalize().resolveSibling("seeds");
    assumeTrue(Files.isDirectory(p), "seeds absent: " + p + " (they sit beside -D" + PROPERTY + ")");
    return p;
  }

  /** {@code relative} under the shared data folder; skips the calling test when it is absent. */
  public static Path require(String relative) {
    Path p = path(relative);
    assumeTrue(Files.exists(p), "shared data absent: " + p.toAbsolutePath() + " (set -D" + PROPERTY + "=DIR)");
    return p;
  }
}
