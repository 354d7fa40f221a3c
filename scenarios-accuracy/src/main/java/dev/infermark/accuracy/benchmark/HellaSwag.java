package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** HellaSwag as DeepEval prompts it: one few-shot per activity label, tasks in DeepEval's enum order. */
public record HellaSwag() implements Benchmark {
  static final String REPO = "Rowan/hellaswag";
  static final String REVISION = "218ec52e09a7e7462a5400043bb9a69a41d06b76";
  /** DeepEval's {@code HellaSwagTask}: enum name to value (the activity label), declaration order. */
  public static final Map<String, String> TASKS = loadTasks();

  @Override
  public String name() {
    return "hellaswag";
  }

  @Override
  public String defaultGrader() {
    return "exact_match";
  }

  @Override
  public int defaultNShots() {
    return 10;
  }

  private static Map<String, String> loadTasks() {
    Map<String, String> m = new LinkedHashMap<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        HellaSwag.class.getResourceAsStream("hellaswag_tasks.tsv"), StandardCharsets.UTF_8))) {
      r.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).forEach(l -> {
        String[] p = l.split("\t", 2);
        m.put(p[0], p[1]);
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return m;
  }

  /** The selected task values, validated. */
  static List<String> select(BenchmarkOptions o) {
    if (o.allTasks()) {
      return List.copyOf(TASKS.values());
    }
    if (o.tasks().stream().anyMatch(t -> t.equalsIgnoreCase("all"))) {
      throw new IllegalArgumentException("'all' cannot be mixed with other task names (infermark.accuracy-tasks).");
    }
    List<String> out = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (String t : o.tasks()) {
      String hit = null;
      for (Map.Entry<String, String> e : TASKS.entrySet()) {
        if (e.getValue().equalsIgnoreCase(t) || e.getKey().equals(t.toUpperCase(Locale.ROOT))) {
          hit = e.getValue();
        }
      }
      if (hit == null) {
        unknown.add(t);
      } else {
        out.add(hit);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("Unknown HellaSwag task(s): " + unknown + " (infermark.accuracy-tasks). Valid task "
          + "values include " + List.copyOf(TASKS.values()).subList(0, 5) + "... (" + TASKS.size() + " total).");
    }
    return out;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    if (o.nShots() > 15) {
      throw new IllegalArgumentException("HellaSwag supports at most 15 few-shot examples (got " + o.nShots()
          + "; infermark.accuracy-n-shots).");
    }
    List<String> tasks = select(o);
    List<JsonNode> shots = new ArrayList<>();
    if (o.nShots() > 0) {
      Map<String, JsonNode> firstByLabel = new LinkedHashMap<>();
      for (JsonNode r : data.rows(DatasetTable.of(REPO, REVISION, null, "train", "hellaswag/train.jsonl",
          "hellaswag/hellaswag_train.jsonl"))) {
        firstByLabel.putIfAbsent(Benchmark.text(r, "activity_label"), r);
      }
      shots = new ArrayList<>(firstByLabel.values()).subList(0, Math.min(o.nShots(), firstByLabel.size()));
    }
    StringBuilder shotText = new StringBuilder();
    for (JsonNode s : shots) {
      shotText.append(format(s, true));
    }
    Map<String, List<JsonNode>> byLabel = new LinkedHashMap<>();
    for (JsonNode r : data.rows(DatasetTable.of(REPO, REVISION, null, "validation", "hellaswag/validation.jsonl",
        "hellaswag/hellaswag_val.jsonl"))) {
      byLabel.computeIfAbsent(Benchmark.text(r, "activity_label"), k -> new ArrayList<>()).add(r);
    }
    List<Problem> out = new ArrayList<>();
    for (String task : tasks) {
      for (JsonNode r : byLabel.getOrDefault(task, List.of())) {
        String label = Benchmark.text(r, "label");
        if (label.isEmpty()) {
          continue;
        }
        String prompt = "The following are multiple choice questions (with answers) are sentence completion problems about "
            + task + ".\n\n" + shotText + format(r, false) + "\n\nOutput 'A', 'B', 'C', or 'D'. Full answer not needed.";
        out.add(Problem.flat(prompt, String.valueOf("ABCD".charAt(Integer.parseInt(label.trim()))), task, 5));
      }
    }
    return out;
  }

  static String format(JsonNode row, boolean withAnswer) {
    StringBuilder b = new StringBuilder(Benchmark.text(row, "ctx"));
    JsonNode endings = row.path("endings");
    for (int j = 0; j < Math.min(4, endings.size()); j++) {
      b.append('\n').append("ABCD".charAt(j)).append(". ").append(endings.get(j).asString());
    }
    b.append("\nAnswer:");
    if (withAnswer) {
      b.append(' ').append("ABCD".charAt(Integer.parseInt(Benchmark.text(row, "label").trim()))).append("\n\n");
    }
    return b.toString();
  }
}
