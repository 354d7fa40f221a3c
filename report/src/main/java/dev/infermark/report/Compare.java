package dev.infermark.report;

import java.nio.file.Path;
import java.util.List;

import tools.jackson.databind.node.ObjectNode;

/**
 * One HTML page comparing two or more run folders (an A/B test): their latency and speed CDFs
 * overlaid, output throughput over time, and a table of headline numbers with each run's change
 * against the first. Works from the files on disk alone. A run may be another tool's: an AIPerf
 * artifact folder or a {@code vllm bench serve} result JSON ({@link PeerRuns}); the page then says
 * which definitions differ.
 */
public final class Compare {
  private Compare() {}

  /** Writes the comparison of {@code runDirs} (the first is the baseline) to {@code out} and returns it. */
  public static Path write(List<Path> runDirs, Path out) {
    return Page.write(out, html(runDirs));
  }

  /** The comparison of {@code runDirs} as a page. */
  public static String html(List<Path> runDirs) {
    if (runDirs.size() < 2) {
      throw new IllegalArgumentException("compare needs at least two run folders, got " + runDirs.size());
    }
    List<RunFolder> folders = runDirs.stream().map(PeerRuns::read).toList();
    ObjectNode model = CompareModel.of(folders);
    model.set("peers", PeerRuns.model(runDirs, CompareModel.labels(folders))); // which tool, whose definitions, gates
    return Page.html("infermark comparison of " + runDirs.size() + " runs", model);
  }
}
