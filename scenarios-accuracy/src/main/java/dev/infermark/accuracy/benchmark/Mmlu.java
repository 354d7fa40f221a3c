package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import dev.infermark.accuracy.py.Py;
import dev.infermark.accuracy.random.PyRandom;
import dev.infermark.api.request.ChatMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/** MMLU as lighteval builds it: per-subject balanced few-shots from {@code dev}, flat and chat forms. */
public record Mmlu() implements Benchmark {
  static final String REPO = "lighteval/mmlu";
  static final String REVISION = "31d46ab06e6934bb0d95f6918668716d1db6f921";
  public static final int COT_GENERATION_SIZE = 4000;
  public static final List<String> SUBJECTS = List.of("abstract_algebra", "anatomy", "astronomy", "business_ethics",
      "clinical_knowledge", "college_biology", "college_chemistry", "college_computer_science", "college_mathematics",
      "college_medicine", "college_physics", "computer_security", "conceptual_physics", "econometrics",
      "electrical_engineering", "elementary_mathematics", "formal_logic", "global_facts", "high_school_biology",
      "high_school_chemistry", "high_school_computer_science", "high_school_european_history", "high_school_geography",
      "high_school_government_and_politics", "high_school_macroeconomics", "high_school_mathematics",
      "high_school_microeconomics", "high_school_physics", "high_school_psychology", "high_school_statistics",
      "high_school_us_history", "high_school_world_history", "human_aging", "human_sexuality", "international_law",
      "jurisprudence", "logical_fallacies", "machine_learning", "management", "marketing", "medical_genetics",
      "miscellaneous", "moral_disputes", "moral_scenarios", "nutrition", "philosophy", "prehistory",
      "professional_accounting", "professional_law", "professional_medicine", "professional_psychology",
      "public_relations", "security_studies", "sociology", "us_foreign_policy", "virology", "world_religions");
  private static final String LETTERS = "ABCD";

  @Override
  public String name() {
    return "mmlu";
  }

  @Override
  public String defaultGrader() {
    return "multiple_choice";
  }

  @Override
  public int defaultNShots() {
    return 5;
  }

  static DatasetTable table(String subject, String split) {
    return DatasetTable.of(REPO, REVISION, subject, split, "mmlu/" + split + ".jsonl").filtered("subject", subject);
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    List<String> subjects = o.allTasks() ? SUBJECTS : o.tasks();
    for (String s : subjects) {
      if (!SUBJECTS.contains(s)) {
        throw new IllegalArgumentException("Unknown MMLU subject '" + s
            + "' (infermark.accuracy-tasks). See docs/accuracy.md for the list of 57 valid subjects.");
      }
    }
    List<Problem> out = new ArrayList<>();
    for (String subject : subjects) {
      List<JsonNode> test = data.rows(table(subject, "test"));
      List<JsonNode> shots = List.of();
      if (o.nShots() > 0) {
        List<JsonNode> dev = data.rows(table(subject, "dev"));
        shots = balancedSample(dev, o.nShots()).stream().map(dev::get).toList();
      }
      for (JsonNode row : test) {
        out.add(problem(subject, row, shots, o.cot()));
      }
    }
    return out;
  }

  static int gold(JsonNode row) {
    JsonNode a = row.get("answer");
    if (a != null && a.isString()) {
      return LETTERS.indexOf(a.asString().trim());
    }
    return a == null ? -1 : a.asInt();
  }

  static String query(JsonNode row, boolean cot) {
    StringBuilder q = new StringBuilder("Question: ").append(Benchmark.text(row, "question"));
    JsonNode choices = row.path("choices");
    for (int i = 0; i < Math.min(4, choices.size()); i++) {
      q.append('\n').append(LETTERS.charAt(i)).append(". ").append(choices.get(i).asString());
    }
    return q.append(cot ? "\nLet's think step by step.\nAnswer:" : "\nAnswer:").toString();
  }

  static String instruction(String subject, boolean cot) {
    return "The following are multiple choice questions (with answers) about " + subject.replace("_", " ") + "."
        + (cot ? " Think step by step and then output the answer in the format of \"The answer is (X)\" at the end." : "")
        + "\n\n";
  }

  static Problem problem(String subject, JsonNode row, List<JsonNode> shots, boolean cot) {
    String instr = instruction(subject, cot);
    StringBuilder flat = new StringBuilder(instr);
    List<ChatMessage> chat = new ArrayList<>();
    for (int k = 0; k < shots.size(); k++) {
      JsonNode shot = shots.get(k);
      String gold = String.valueOf(LETTERS.charAt(gold(shot)));
      String q = query(shot, false);
      flat.append(k > 0 ? "\n\n" : "").append(q).append(' ').append(gold);
      chat.add(ChatMessage.user((k == 0 ? instr : "") + q));
      chat.add(ChatMessage.assistant(" " + gold));
    }
    String main = query(row, cot);
    flat.append(shots.isEmpty() ? "" : "\n\n").append(main);
    chat.add(ChatMessage.user((shots.isEmpty() ? instr : "") + main));
    int g = gold(row);
    if (g < 0 || g > 3) {
      throw new IllegalArgumentException("MMLU " + subject + " row has a bad answer '" + row.path("answer") + "'");
    }
    return new Problem(flat.toString(), chat, " " + LETTERS.charAt(g), subject, Map.of("subject", subject),
        cot ? COT_GENERATION_SIZE : 5);
  }

  /**
   * lighteval's "balanced" few-shot sampler with {@code Random(0)}: indices into {@code dev}, in pick order.
   */
  public static List<Integer> balancedSample(List<JsonNode> dev, int nShots) {
    Map<String, List<Integer>> byLabel = new LinkedHashMap<>();
    for (int i = 0; i < dev.size(); i++) {
      JsonNode row = dev.get(i);
      String label = row.path("choices").get(gold(row)).asString();
      byLabel.computeIfAbsent(label, k -> new ArrayList<>()).add(i);
    }
    // Python sorts str by code point; labels are compared the same way here.
    TreeMap<String, List<Integer>> sorted = new TreeMap<>(Py.CODE_POINT_ORDER);
    sorted.putAll(byLabel);
    TreeMap<Integer, List<String>> bySize = new TreeMap<>();
    sorted.forEach((label, idx) -> bySize.computeIfAbsent(idx.size(), k -> new ArrayList<>()).add(label));
    PyRandom rng = new PyRandom(0);
    List<String> cycle = new ArrayList<>();
    for (List<String> labels : bySize.descendingMap().values()) {
      rng.shuffle(labels);
      cycle.addAll(labels);
    }
    List<Integer> picks = new ArrayList<>();
    int remaining = Math.min(dev.size(), nShots + 1);
    Iterator<String> it = cycle.iterator();
    while (remaining > 0 && !cycle.isEmpty()) {
      if (!it.hasNext()) {
        it = cycle.iterator();
      }
      List<Integer> group = sorted.get(it.next());
      if (group.isEmpty()) {
        continue;
      }
      picks.add(group.remove(rng.randrange(group.size())));
      remaining--;
    }
    return picks.size() > nShots ? picks.subList(0, nShots) : picks;
  }
}
