package dev.infermark.sweep;

import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Draws a sweep folder's page ({@code sweep.html}) from its {@code sweep.json}: implemented by the
 * report module and found with {@link ServiceLoader}, so the framework does not depend on it (as
 * the {@code html} result format).
 */
public interface SweepPages {
  /** The page's file name in a sweep folder. */
  String FILE = "sweep.html";

  /** Writes {@code dir/sweep.html} from {@code dir/sweep.json}; returns it. */
  Path write(Path dir);

  /** The implementation on the class path, if any. */
  static Optional<SweepPages> find() {
    return ServiceLoader.load(SweepPages.class, Thread.currentThread().getContextClassLoader()).findFirst();
  }
}
