package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** MATH-500: the bare problem; the gold is the full solution (the grader finds its {@code \boxed{}}). */
public record Math500() implements Benchmark {
  static final String REPO = "HuggingFaceH4/MATH-500";
  static final String REVISION = "6e4ed1a2a79af7d8630a6b768ec859cb5af4d3be";

  @Override
  public String name() {
    return "math_500";
  }

  @Override
  public String defaultGrader() {
    return "lighteval_latex";
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    return data.rows(DatasetTable.of(REPO, REVISION, null, "test", "math_500/test.jsonl")).stream().map(r -> {
      String subject = Benchmark.text(r, "subject");
      return new Problem(Benchmark.text(r, "problem"), null, Benchmark.text(r, "solution"),
          subject.isEmpty() ? "math_500" : subject,
          Map.of("subject", subject, "level", Benchmark.text(r, "level")), 32768);
    }).toList();
  }
}
