package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** AIME 2024 as the trt-llm recipe's DeepEval-style template prompts it (8-shot CoT, boxed answer). */
public record Aime() implements Benchmark {
  static final String REPO = "Maxwell-Jia/AIME_2024";
  static final String REVISION = "8d88b2876a82a080e2f172cc9b25d0d9d2cb4792";
  public static final String SYSTEM_PROMPT = "Please reason step by step, and put your final answer within \\boxed{}.";
  private static final String HEADER = "The following are problems from the American Invitational Mathematics Examination "
      + "(AIME) 2024. AIME is a prestigious high school mathematics competition known for its challenging mathematical "
      + "problems.\n\n";

  @Override
  public String name() {
    return "aime";
  }

  @Override
  public String defaultGrader() {
    return "math";
  }

  @Override
  public int defaultNShots() {
    return 8;
  }

  @Override
  public boolean defaultCot() {
    return true;
  }

  @Override
  public String defaultSystemPrompt() {
    return SYSTEM_PROMPT;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    if (o.nShots() > 8) {
      throw new IllegalArgumentException("AIME supports at most 8 few-shot examples (got " + o.nShots()
          + "; infermark.accuracy-n-shots). The trt-llm reference asserts n_shots <= 8.");
    }
    // aime24/test.jsonl holds the same 30 problems (other wording) when the Maxwell-Jia copy is absent.
    List<JsonNode> rows = data.rows(DatasetTable.of(REPO, REVISION, null, "train", "aime/train.jsonl", "aime24/test.jsonl"));
    List<JsonNode> shots = rows.subList(0, Math.min(o.nShots(), rows.size()));
    StringBuilder prefix = new StringBuilder();
    if (!shots.isEmpty()) {
      prefix.append(HEADER);
      for (JsonNode s : shots) {
        prefix.append("**Problem**: ").append(Benchmark.text(s, "Problem", "problem")).append('\n');
        if (o.cot()) {
          prefix.append("**Solution**: ").append(Benchmark.text(s, "Solution", "solution")).append('\n');
        }
        prefix.append("**Answer**: ").append(Benchmark.text(s, "Answer", "answer")).append("\n\n");
      }
    }
    List<Problem> out = new ArrayList<>();
    for (JsonNode r : rows) {
      String p = prefix + "**Problem**: " + Benchmark.text(r, "Problem", "problem") + "\n**Answer**: \n\n"
          + (o.cot() ? "Let's think step by step." : "No explanation needed. Just return a number.");
      out.add(Problem.flat(p, Benchmark.text(r, "Answer", "answer"), "aime", 32768));
    }
    return out;
  }
}
