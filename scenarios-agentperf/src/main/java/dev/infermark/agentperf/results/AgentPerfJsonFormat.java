package dev.infermark.agentperf.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import dev.infermark.result.ResultFormat;
import dev.infermark.result.RunResults;

/** {@code agentperf_results.json} ({@link ResultsJson}), for runs that carry an {@link AgentPerfReport}. */
public final class AgentPerfJsonFormat implements ResultFormat {
  public static final String NAME = "agentperf-json";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return ResultsJson.FILE;
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.section(AgentPerfReport.class).isPresent();
  }

  @Override
  public void write(RunResults results, Consumer<String> console) throws IOException {
    AgentPerfReport report = results.section(AgentPerfReport.class).orElseThrow();
    Path file = ResultsJson.write(report, results.runDir());
    console.accept("agentperf: wrote " + file + (report.finished() ? "" : " (partial: the search did not finish)"));
  }
}
