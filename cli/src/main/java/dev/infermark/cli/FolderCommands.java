package dev.infermark.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import dev.infermark.artifact.JournalSummary;
import dev.infermark.artifact.RunRecorder;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code report}, {@code compare} and {@code merge} share: they read run folders and write
 * files, print what they wrote, and report bad input (no run folder, an unreadable file) as
 * {@code infermark COMMAND: why} with exit status 1.
 */
final class FolderCommands {
  private FolderCommands() {}

  /**
   * A warning line for each folder that holds a run which ended without writing its summary (a killed
   * process): what reads it rebuilds the summary from the journal and marks it incomplete.
   */
  static List<String> ended(List<Path> dirs) {
    return dirs.stream().filter(JournalSummary::applies)
        .map(d -> "WARNING " + d + ": no " + RunRecorder.JSON + ", the run ended without writing its "
            + "summary (killed or crashed?): rebuilt from " + RunRecorder.JSONL
            + " and marked incomplete (ended_without_summary)")
        .toList();
  }

  /** Runs {@code work}, printing the lines it returns; its bad input goes to the error stream. */
  static int run(CommandSpec spec, Supplier<List<String>> work) {
    try {
      work.get().forEach(spec.commandLine().getOut()::println);
      spec.commandLine().getOut().flush();
      return 0;
    } catch (IllegalArgumentException | UncheckedIOException e) {
      spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
      return ScenarioRun.FAILED;
    }
  }
}
