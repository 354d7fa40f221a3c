package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.IOException;
import java.util.List;

/**
 * AIME 2024 / 2025 as the lighteval reference runs them: the bare problem text, zero-shot;
 * n-shots, CoT and tasks are ignored.
 *
 * @param name {@code aime24} or {@code aime25}
 * @param repo the hub dataset
 * @param revision the pinned revision
 */
public record BareMath(String name, String repo, String revision) implements Benchmark {
  public static BareMath aime24() {
    return new BareMath("aime24", "HuggingFaceH4/aime_2024", "2fe88a2f1091d5048c0f36abc874fb997b3dd99a");
  }

  public static BareMath aime25() {
    return new BareMath("aime25", "yentinglin/aime_2025", "6f71d77b0b89b9dabe07ab466c51df33f514df7f");
  }

  @Override
  public String defaultGrader() {
    return "lighteval_expr";
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    return data.rows(DatasetTable.of(repo, revision, null, "train", name + "/train.jsonl", name + "/test.jsonl")).stream()
        .map(r -> Problem.flat(Benchmark.text(r, "problem"), Benchmark.text(r, "answer"), name, 32768))
        .toList();
  }
}
