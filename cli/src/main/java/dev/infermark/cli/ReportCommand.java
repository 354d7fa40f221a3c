package dev.infermark.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.infermark.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infermark report RUN_DIR [-o OUT.html]}: the HTML report of one run folder (docs/report.md). */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Writes the self-contained HTML report of a run folder (default RUN_DIR/report.html): the summary and "
        + "verdicts, latency distributions, the run over time and the methodology's views. See docs/report.md.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run's artifact folder (it holds profile_export_aiperf.json).")
  Path runDir;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.html", description = "Where to write the report.")
  Path output;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    return FolderCommands.run(spec, () -> {
      Path written = output == null ? Report.write(runDir) : Report.write(runDir, output);
      List<String> lines = new java.util.ArrayList<>(FolderCommands.ended(List.of(runDir)));
      lines.add("report: " + written.toAbsolutePath().normalize());
      return lines;
    });
  }
}
