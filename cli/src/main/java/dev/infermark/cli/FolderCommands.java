package dev.infermark.cli;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;

import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code report}, {@code compare} and {@code merge} share: they read run folders and write
 * files, print what they wrote, and report bad input (no run folder, an unreadable file) as
 * {@code infermark COMMAND: why} with exit status 1.
 */
final class FolderCommands {
  private FolderCommands() {}

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
