package dev.infermark.report;

import java.nio.file.Path;

import tools.jackson.databind.node.ObjectNode;

/**
 * The HTML report of one run folder ({@code report.html}): summary and verdicts, latency
 * distributions, the run over time, and the methodology's own views (AgentX lanes and cache hits,
 * the AgentPerf search, accuracy per task). Works from the files on disk alone; absent files and
 * fields leave their sections out and are listed at the end of the page.
 */
public final class Report {
  /** The report's file name in a run folder. */
  public static final String FILE = "report.html";

  private Report() {}

  /** Writes {@code runDir/report.html} and returns its path. */
  public static Path write(Path runDir) {
    return write(runDir, runDir.resolve(FILE));
  }

  /** Writes the report of {@code runDir} to {@code out} and returns {@code out}. */
  public static Path write(Path runDir, Path out) {
    return Page.write(out, html(runDir));
  }

  /** The report of {@code runDir} as a page. */
  public static String html(Path runDir) {
    RunFolder f = RunFolder.read(runDir);
    ObjectNode model = RunModel.of(f);
    return Page.html(model.path("run").path("scenario").asString("run") + " — infermark report", model);
  }
}
