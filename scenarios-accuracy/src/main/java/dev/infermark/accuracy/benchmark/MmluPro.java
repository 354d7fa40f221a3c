package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** MMLU-Pro as TIGER-AI-Lab's {@code evaluate_from_api.py} prompts it (CoT-native, up to 10 options). */
public record MmluPro() implements Benchmark {
  static final String REPO = "TIGER-Lab/MMLU-Pro";
  static final String REVISION = "b189ec765aa7ed75c8acfea42df31fdae71f97be";
  public static final List<String> CATEGORIES = List.of("biology", "business", "chemistry", "computer science",
      "economics", "engineering", "health", "history", "law", "math", "philosophy", "physics", "psychology", "other");
  private static final String LETTERS = "ABCDEFGHIJ";

  @Override
  public String name() {
    return "mmlu_pro";
  }

  @Override
  public String defaultGrader() {
    return "mmlu_pro";
  }

  @Override
  public int defaultNShots() {
    return 5;
  }

  @Override
  public boolean defaultCot() {
    return true;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    List<String> cats = o.allTasks() ? CATEGORIES : o.tasks();
    for (String c : cats) {
      if (!CATEGORIES.contains(c)) {
        throw new IllegalArgumentException("Unknown MMLU-Pro category '" + c + "' (infermark.accuracy-tasks). Valid categories: "
            + String.join(", ", CATEGORIES) + ".");
      }
    }
    List<JsonNode> test = data.rows(DatasetTable.of(REPO, REVISION, null, "test", "mmlu_pro/test.jsonl"));
    Map<String, List<JsonNode>> shots = new HashMap<>();
    if (o.nShots() > 0) {
      for (JsonNode v : data.rows(DatasetTable.of(REPO, REVISION, null, "validation", "mmlu_pro/validation.jsonl"))) {
        List<JsonNode> l = shots.computeIfAbsent(Benchmark.text(v, "category"), k -> new ArrayList<>());
        if (l.size() < o.nShots()) {
          l.add(v);
        }
      }
    }
    List<Problem> out = new ArrayList<>();
    for (JsonNode row : test) {
      String cat = Benchmark.text(row, "category");
      if (!cats.contains(cat)) {
        continue;
      }
      StringBuilder p = new StringBuilder("The following are multiple choice questions (with answers) about ")
          .append(cat).append(o.cot()
              ? ". Think step by step and then output the answer in the format of \"The answer is (X)\" at the end.\n\n"
              : ".\n\n");
      for (JsonNode s : shots.getOrDefault(cat, List.of())) {
        String answer = o.cot() ? cot(Benchmark.text(s, "cot_content")) : Benchmark.text(s, "answer");
        p.append(block(s, answer));
      }
      p.append(block(row, o.cot() ? cot("") : ""));
      Map<String, String> meta = Map.of("question_id", Benchmark.text(row, "question_id"), "src", Benchmark.text(row, "src"));
      out.add(new Problem(p.toString(), null, Benchmark.text(row, "answer"), cat, meta, 4000));
    }
    return out;
  }

  private static String cot(String c) {
    if (c.isEmpty()) {
      return "Let's think step by step.";
    }
    return c.startsWith("A: ") ? c.substring(3) : c;
  }

  static String block(JsonNode row, String answer) {
    StringBuilder b = new StringBuilder("Question: ").append(Benchmark.text(row, "question")).append("\nOptions: ");
    int i = 0;
    for (JsonNode opt : row.path("options")) {
      String o = opt.asString();
      if (o.equals("N/A")) {
        continue;
      }
      b.append(LETTERS.charAt(i++)).append(". ").append(o).append('\n');
    }
    return b.append("Answer: ").append(answer).append("\n\n").toString();
  }
}
