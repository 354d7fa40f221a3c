package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import dev.infermark.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * BIG-Bench Hard as DeepEval's {@code BigBenchHardTemplate} prompts it: the task's DeepEval
 * prompt file (CoT or plain shots) cut to {@code n_shots} examples, then the question and the
 * task's answer-format confinement line.
 */
public record BigBench() implements Benchmark {
  static final String REPO = "lukaemon/bbh";
  static final String REVISION = "982bb89fd79532a8ac676a61fc42eb1aeec63f99";
  /** DeepEval's {@code BigBenchHardTask} values to their confinement statements, enum order. */
  public static final Map<String, String> CONFINEMENT = loadTasks();

  @Override
  public String name() {
    return "bigbench";
  }

  @Override
  public String defaultGrader() {
    return "exact_match";
  }

  @Override
  public int defaultNShots() {
    return 3;
  }

  @Override
  public boolean defaultCot() {
    return true;
  }

  private static Map<String, String> loadTasks() {
    try (InputStream in = BigBench.class.getResourceAsStream("bbh_tasks.json")) {
      Map<String, String> m = new LinkedHashMap<>();
      for (JsonNode t : Json.MAPPER.readTree(in).path("tasks")) {
        m.put(t.path("value").asString(), t.path("confinement").asString());
      }
      return m;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> select(BenchmarkOptions o) {
    if (o.allTasks()) {
      return List.copyOf(CONFINEMENT.keySet());
    }
    if (o.tasks().stream().anyMatch(t -> t.equalsIgnoreCase("all"))) {
      throw new IllegalArgumentException("'all' cannot be mixed with other task names (infermark.accuracy-tasks).");
    }
    List<String> out = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (String t : o.tasks()) {
      String v = t.equals(t.toUpperCase(Locale.ROOT)) ? t.toLowerCase(Locale.ROOT) : t;
      if (CONFINEMENT.containsKey(v)) {
        out.add(v);
      } else {
        unknown.add(t);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("Unknown BBH subtask(s): " + unknown + " (infermark.accuracy-tasks). Valid subtasks: "
          + CONFINEMENT.keySet());
    }
    return out;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    if (o.nShots() > 3) {
      throw new IllegalArgumentException("BBH supports at most 3 few-shot examples (got " + o.nShots()
          + "; infermark.accuracy-n-shots).");
    }
    List<Problem> out = new ArrayList<>();
    for (String task : select(o)) {
      String file = data.text("bigbench/" + (o.cot() ? "deepeval_cot_prompts/" : "deepeval_shot_prompts/") + task + ".txt");
      List<String> sections = Arrays.asList(file.split("\n\n", -1));
      String head = "Task description: " + String.join("\n\n", sections.subList(0, Math.min(o.nShots() + 1, sections.size())));
      for (JsonNode r : data.rows(DatasetTable.of(REPO, REVISION, task, "test", "bigbench/bbh/" + task + ".json"))) {
        String prompt = head + "\n\nQ: " + Benchmark.text(r, "input") + "\nA: " + CONFINEMENT.get(task);
        out.add(Problem.flat(prompt, Benchmark.text(r, "target"), task, 1024));
      }
    }
    return out;
  }
}
