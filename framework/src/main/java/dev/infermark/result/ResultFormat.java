package dev.infermark.result;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * One way of writing a run's results, as JMH's {@code ResultFormat}: a file in the run folder
 * ({@code profile_export_aiperf.json}, {@code agentperf_results.json}, {@code report.html}, ...)
 * or the console table. Implementations are found with {@link java.util.ServiceLoader} (a module
 * lists its own in {@code META-INF/services/dev.infermark.result.ResultFormat}), so the framework
 * does not depend on the modules that add one; {@code infermark.result-formats} picks which are
 * written (default: every one that {@linkplain #appliesTo applies}).
 */
public interface ResultFormat {
  /** The name {@code infermark.result-formats} selects it by: lower case, e.g. {@code aiperf-json}. */
  String name();

  /** What it writes, one line for docs and messages, e.g. {@code profile_export_aiperf.json}. */
  String description();

  /** Whether the run has what this format writes (a methodology's format applies to its own runs only). */
  boolean appliesTo(RunResults results);

  /**
   * Writes the results into {@link RunResults#runDir()}; lines for the console go to {@code console}.
   *
   * @throws IOException naming the file that could not be written
   */
  void write(RunResults results, Consumer<String> console) throws IOException;

  /**
   * A view made from the files the other formats wrote (the HTML report): written after them, and
   * its failure is a warning line, never the run's failure.
   */
  default boolean derived() {
    return false;
  }
}
