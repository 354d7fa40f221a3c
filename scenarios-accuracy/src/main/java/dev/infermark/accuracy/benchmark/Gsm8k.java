package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.IOException;
import java.util.List;

/** GSM8K as lighteval's {@code gsm8k_leaderboard}: zero-shot {@code Question: ...\nAnswer:}; gold ends {@code #### n}. */
public record Gsm8k() implements Benchmark {
  static final String REPO = "openai/gsm8k";
  static final String REVISION = "740312add88f781978c0658806c59bc2815b9866";

  @Override
  public String name() {
    return "gsm8k";
  }

  @Override
  public String defaultGrader() {
    return "lighteval_gsm8k";
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    return data.rows(DatasetTable.of(REPO, REVISION, "main", "test", "gsm8k/test.jsonl")).stream()
        .map(r -> Problem.flat("Question: " + Benchmark.text(r, "question") + "\nAnswer:", Benchmark.text(r, "answer"),
            "gsm8k", 256))
        .toList();
  }
}
