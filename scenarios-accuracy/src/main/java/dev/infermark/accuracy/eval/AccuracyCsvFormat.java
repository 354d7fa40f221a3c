package dev.infermark.accuracy.eval;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import dev.infermark.files.AtomicFile;
import dev.infermark.result.ResultFormat;
import dev.infermark.result.RunResults;

/**
 * {@code accuracy_results.csv}: per task and {@code OVERALL}, for runs that graded at least one
 * response (none graded: no file, like the reference).
 */
public final class AccuracyCsvFormat implements ResultFormat {
  public static final String NAME = "accuracy-csv";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return AccuracyEval.RESULTS_CSV;
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.section(AccuracyScores.class).filter(s -> s.overall().total() > 0).isPresent();
  }

  @Override
  public void write(RunResults results, Consumer<String> console) throws IOException {
    Path file = results.runDir().resolve(AccuracyEval.RESULTS_CSV);
    AtomicFile.writeString(file, results.section(AccuracyScores.class).orElseThrow().csv());
  }
}
