package dev.infermark.report;

import java.nio.file.Path;

import dev.infermark.artifact.RunFolderWriter;

/** Writes {@code report.html} into every run folder at the end of the run (registered as a {@link RunFolderWriter}). */
public final class ReportWriter implements RunFolderWriter {
  @Override
  public String file() {
    return Report.FILE;
  }

  @Override
  public Path write(Path runDir) {
    return Report.write(runDir);
  }
}
