package dev.infermark.artifact;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A file written into every run folder once the run's artifacts are there (cancelled and aborted
 * runs included: their artifacts say so), from what the folder holds: the report module's
 * {@code report.html}. Found with {@link ServiceLoader}, so the framework does not depend on the
 * module that writes it. A writer's failure is a warning line, never the run's failure.
 */
public interface RunFolderWriter {
  /** The file it writes ({@code report.html}), for messages. */
  String file();

  /** Writes its file into {@code runDir} and returns its path. */
  Path write(Path runDir) throws Exception;

  /** Runs every writer on the class path on {@code runDir}; one console line per file written or failed. */
  static List<String> writeAll(Path runDir) {
    List<String> lines = new ArrayList<>();
    for (RunFolderWriter w : ServiceLoader.load(RunFolderWriter.class, Thread.currentThread().getContextClassLoader())) {
      try {
        lines.add(w.file() + ": " + w.write(runDir));
      } catch (Exception | LinkageError e) {
        lines.add("infermark: WARNING " + w.file() + " was not written into " + runDir + ": " + e);
      }
    }
    return lines;
  }
}
