package dev.infermark.accuracy;

import dev.infermark.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Small synthetic data folders laid out like shared/data/accuracy, one per benchmark. */
public final class Fixtures {
  private Fixtures() {}

  static void jsonl(Path file, List<ObjectNode> rows) throws IOException {
    Files.createDirectories(file.getParent());
    StringBuilder b = new StringBuilder();
    rows.forEach(r -> b.append(r).append('\n'));
    Files.writeString(file, b);
  }

  static ObjectNode o(Object... kv) {
    ObjectNode n = Json.object();
    for (int i = 0; i < kv.length; i += 2) {
      n.set((String) kv[i], Json.MAPPER.valueToTree(kv[i + 1]));
    }
    return n;
  }

  /** Writes every benchmark's folder under {@code dir}. */
  public static Path writeAll(Path dir) throws IOException {
    List<ObjectNode> test = new ArrayList<>();
    List<ObjectNode> dev = new ArrayList<>();
    for (String subject : List.of("anatomy", "virology")) {
      for (int i = 0; i < 6; i++) {
        test.add(o("question", subject + " question " + i, "subject", subject,
            "choices", List.of("w" + i, "x" + i, "y" + i, "z" + i), "answer", i % 4));
      }
      for (int i = 0; i < 5; i++) {
        dev.add(o("question", subject + " dev " + i, "subject", subject,
            "choices", List.of("a", "b", "c", "d"), "answer", (i * 3) % 4));
      }
    }
    jsonl(dir.resolve("mmlu/test.jsonl"), test);
    jsonl(dir.resolve("mmlu/dev.jsonl"), dev);

    List<ObjectNode> pro = new ArrayList<>();
    List<ObjectNode> val = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      String cat = i % 2 == 0 ? "math" : "law";
      pro.add(o("question_id", i, "question", "pro q" + i, "options", List.of("o0", "N/A", "o1", "o2", "o3", "o4"),
          "answer", String.valueOf("ABCDE".charAt(i % 5)), "answer_index", i % 5, "cot_content", "", "category", cat, "src", "s"));
    }
    for (String cat : List.of("math", "law")) {
      for (int i = 0; i < 6; i++) {
        val.add(o("question_id", 100 + i, "question", cat + " shot " + i, "options", List.of("p", "q"), "answer", "B",
            "answer_index", 1, "cot_content", "A: Let's think step by step. Because. The answer is (B).", "category", cat, "src", "v"));
      }
    }
    jsonl(dir.resolve("mmlu_pro/test.jsonl"), pro);
    jsonl(dir.resolve("mmlu_pro/validation.jsonl"), val);

    List<ObjectNode> aime = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      aime.add(o("ID", "2024-I-" + i, "Problem", "Find N" + i + ".", "Solution", "Work " + i, "Answer", 100 + i));
    }
    jsonl(dir.resolve("aime/train.jsonl"), aime);
    List<ObjectNode> a24 = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      a24.add(o("id", i, "problem", "Compute $" + i + "+200$.", "answer", String.valueOf(200 + i)));
    }
    jsonl(dir.resolve("aime24/test.jsonl"), a24);
    jsonl(dir.resolve("aime25/test.jsonl"), a24);

    List<ObjectNode> train = new ArrayList<>();
    List<ObjectNode> hval = new ArrayList<>();
    for (String label : List.of("Applying sunscreen", "Disc dog", "Not an enum label")) {
      for (int i = 0; i < 3; i++) {
        train.add(o("activity_label", label, "ctx", label + " ctx " + i, "endings", List.of("e0", "e1", "e2", "e3"), "label", i % 4));
        hval.add(o("activity_label", label, "ctx", label + " val " + i, "endings", List.of("f0", "f1", "f2", "f3"),
            "label", String.valueOf((i + 1) % 4)));
      }
    }
    hval.add(o("activity_label", "Disc dog", "ctx", "unlabelled", "endings", List.of("f0", "f1", "f2", "f3"), "label", ""));
    jsonl(dir.resolve("hellaswag/train.jsonl"), train);
    jsonl(dir.resolve("hellaswag/validation.jsonl"), hval);

    Files.createDirectories(dir.resolve("bigbench/bbh"));
    Files.writeString(dir.resolve("bigbench/bbh/boolean_expressions.json"), Json.write(o("canary", "x", "examples",
        List.of(o("input", "not True is", "target", "False"), o("input", "True and True is", "target", "True"),
            o("input", "False or True is", "target", "True")))));
    Files.writeString(dir.resolve("bigbench/bbh/navigate.json"), Json.write(o("examples",
        List.of(o("input", "Go left. Return?", "target", "No"), o("input", "Stay. Return?", "target", "Yes")))));
    for (String kind : List.of("deepeval_cot_prompts", "deepeval_shot_prompts")) {
      Files.createDirectories(dir.resolve("bigbench/" + kind));
      for (String t : List.of("boolean_expressions", "navigate")) {
        Files.writeString(dir.resolve("bigbench/" + kind + "/" + t + ".txt"),
            "Evaluate " + t + ".\n\nQ: e1\nA: s1\n\nQ: e2\nA: s2\n\nQ: e3\nA: s3\n\nQ: e4\nA: s4");
      }
    }

    List<ObjectNode> m500 = new ArrayList<>();
    String[] answers = {"\\frac{1}{2}", "3", "\\left( 3, \\frac{\\pi}{2} \\right)", "2\\sqrt{3}", "10"};
    for (int i = 0; i < answers.length; i++) {
      m500.add(o("problem", "Problem " + i, "solution", "We compute. So the answer is $\\boxed{" + answers[i] + "}$.",
          "answer", answers[i], "subject", i % 2 == 0 ? "Algebra" : "Precalculus", "level", i + 1, "unique_id", "t/" + i));
    }
    jsonl(dir.resolve("math_500/test.jsonl"), m500);

    List<ObjectNode> gpqa = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      gpqa.add(o("Question", "GPQA question " + i + "?", "Correct Answer", "right" + i, "Incorrect Answer 1", "w1",
          "Incorrect Answer 2", "w2", "Incorrect Answer 3", "w3", "High-level domain", "Physics", "Subdomain", "Optics"));
    }
    jsonl(dir.resolve("gpqa_diamond/train.jsonl"), gpqa);

    String tests = "[{\"input\": \"2 3\\n\", \"output\": \"5\\n\", \"testtype\": \"stdin\"}]";
    jsonl(dir.resolve("lcb_codegeneration/test4.jsonl"), List.of(o("question_title", "Add", "question_content", "Add two ints.",
        "platform", "atcoder", "question_id", "abc1", "contest_id", "c", "contest_date", "2024", "starter_code", "",
        "difficulty", "EASY", "public_test_cases", tests, "private_test_cases", "[]", "metadata", "{}")));
    jsonl(dir.resolve("lcb_codegeneration/test5.jsonl"), List.of(o("question_title", "Mul", "question_content", "Multiply.",
        "platform", "atcoder", "question_id", "abc2", "contest_id", "c", "contest_date", "2024", "starter_code", "",
        "difficulty", "MEDIUM", "public_test_cases", tests.replace("5\\n", "6\\n"), "private_test_cases", "[]",
        "metadata", "{}")));

    List<ObjectNode> gsm = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      gsm.add(o("question", "How many? " + i, "answer", "Some work <<1+1=2>>.\n#### " + (1000 + i * 7)));
    }
    jsonl(dir.resolve("gsm8k/test.jsonl"), gsm);
    return dir;
  }
}
