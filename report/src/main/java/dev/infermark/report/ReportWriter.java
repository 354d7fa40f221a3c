package dev.infermark.report;

import java.util.function.Consumer;

import dev.infermark.result.ResultFormat;
import dev.infermark.result.RunResults;

/**
 * The {@code html} result format: {@code report.html} in every run folder with recorded requests,
 * made from the files the other formats wrote (so it is {@linkplain #derived() derived}: written
 * last, and a failure is a warning).
 */
public final class ReportWriter implements ResultFormat {
  public static final String NAME = "html";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return Report.FILE;
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.measured().isPresent();
  }

  @Override
  public boolean derived() {
    return true;
  }

  @Override
  public void write(RunResults results, Consumer<String> console) {
    console.accept(Report.FILE + ": " + Report.write(results.runDir()));
  }
}
