package dev.infermark.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.infermark.report.Compare;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infermark compare BASELINE RUN... [-o OUT.html]}: runs side by side (docs/report.md). */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Writes one HTML page comparing two or more run folders: their distributions overlaid and every "
        + "headline number's change against the first (the baseline). See docs/report.md.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", arity = "2..*", description = "The baseline run folder, then the others.")
  List<Path> runDirs;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.html", description = "Where to write the page (default ./compare.html).")
  Path output = Path.of("compare.html");

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return FolderCommands.run(spec, () -> {
      List<String> lines = new java.util.ArrayList<>(FolderCommands.ended(runDirs));
      lines.add("comparison: " + Compare.write(runDirs, output).toAbsolutePath().normalize());
      return lines;
    });
  }
}
