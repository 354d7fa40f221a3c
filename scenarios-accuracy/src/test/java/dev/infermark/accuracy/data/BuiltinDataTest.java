package dev.infermark.accuracy.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infermark.accuracy.benchmark.Benchmark;
import dev.infermark.accuracy.benchmark.Problem;
import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.accuracy.grader.Grade;
import dev.infermark.accuracy.grader.Grader;
import dev.infermark.settings.Settings;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The built-in smoke data: found on the class path (folder or jar) and consistent with its own golds. */
class BuiltinDataTest {
  /** The smoke tasks of the scenarios (their smoke presets select these). */
  static final Map<String, String> SMOKE_TASKS = Map.of("mmlu", "abstract_algebra", "mmlu_pro", "math", "hellaswag",
      "Applying sunscreen", "bigbench", "boolean_expressions");
  /** Reference programs for the LiveCodeBench smoke problems, by question id. */
  static final Map<String, String> LCB_SOLUTIONS = Map.of(
      "smoke_stdin_1", "```python\na, b = map(int, input().split())\nprint(a + b)\n```",
      "smoke_call_1", "```python\nclass Solution:\n    def sumArray(self, nums: List[int]) -> int:\n        return sum(nums)\n```");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"mmlu", "mmlu_pro", "aime", "hellaswag", "bigbench", "aime24", "aime25", "math_500",
      "gpqa_diamond", "lcb_codegeneration", "gsm8k"})
  void everyBenchmarkLoadsAndItsGoldAnswersGradeCorrect(String name) throws Exception {
    Map<String, String> s = new HashMap<>(Map.of("accuracy-data-dir", BuiltinData.SMOKE));
    if (SMOKE_TASKS.containsKey(name)) {
      s.put("accuracy-tasks", SMOKE_TASKS.get(name));
    }
    Settings settings = Settings.of(s);
    AccuracyEval eval = AccuracyEval.of(name);
    List<Problem> problems = eval.problems(settings, null);
    assertThat(problems).hasSizeBetween(2, 10);
    Grader grader = eval.grader(settings);
    if (name.equals("lcb_codegeneration")) {
      Assumptions.assumeTrue(python3(), "python3 not available"); // the test cases run under it
    }
    for (Problem p : problems) {
      Grade g = grader.grade(perfectResponse(name, p), p.groundTruth());
      assertThat(g.correct()).as(name + " " + p.task() + " gold " + p.groundTruth() + ": " + g.reasoning()).isTrue();
    }
  }

  private static boolean python3() {
    try {
      return new ProcessBuilder("python3", "-c", "pass").start().waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  private static String perfectResponse(String benchmark, Problem p) {
    String gold = p.groundTruth();
    return switch (Benchmark.byName(benchmark).name()) {
      case "mmlu", "hellaswag", "bigbench", "math_500", "gsm8k" -> gold.strip();
      case "mmlu_pro" -> "Let's see. The answer is (" + gold + ").";
      case "aime", "aime24", "aime25" -> "So the answer is $\\boxed{" + gold + "}$.";
      case "gpqa_diamond" -> "Reasoning.\nAnswer: " + gold;
      case "lcb_codegeneration" -> LCB_SOLUTIONS.get(p.metadata().get("question_id"));
      default -> throw new IllegalArgumentException(benchmark);
    };
  }

  @Test
  void theSmokePromptsHoldAllTheirFewShots() throws Exception {
    Settings s = Settings.of(Map.of("accuracy-data-dir", BuiltinData.SMOKE, "accuracy-tasks", "abstract_algebra"));
    // 5 shots + the question each end "\nAnswer:" (mmlu), 10 + 1 (hellaswag), 3 + 1 "\nA: " (bigbench), 8 solutions (aime)
    assertThat(AccuracyEval.of("mmlu").problems(s, null).getFirst().prompt().split("\nAnswer:", -1)).hasSize(7);
    Settings h = Settings.of(Map.of("accuracy-data-dir", BuiltinData.SMOKE, "accuracy-tasks", "Applying sunscreen"));
    assertThat(AccuracyEval.of("hellaswag").problems(h, null).getFirst().prompt().split("\nAnswer:", -1)).hasSize(12);
    Settings b = Settings.of(Map.of("accuracy-data-dir", BuiltinData.SMOKE, "accuracy-tasks", "boolean_expressions",
        "accuracy-n-shots", "3", "accuracy-enable-cot", "true"));
    assertThat(AccuracyEval.of("bigbench").problems(b, null).getFirst().prompt().split("\nA: ", -1)).hasSize(5);
    Settings a = Settings.of(Map.of("accuracy-data-dir", BuiltinData.SMOKE, "accuracy-n-shots", "8"));
    assertThat(AccuracyEval.of("aime").problems(a, null).getFirst().prompt().split("\\*\\*Solution\\*\\*", -1)).hasSize(9);
  }

  @Test
  void readsTheDataFromAJarOnTheClassPath(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("data.jar");
    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
      put(z, "dev/infermark/accuracy/smoke/SOURCES.txt", "synthetic");
      put(z, "dev/infermark/accuracy/smoke/gsm8k/test.jsonl", "{\"question\": \"1+1?\", \"answer\": \"#### 2\"}\n");
      put(z, "dev/infermark/accuracy/smoke/bigbench/bbh/navigate.json", "{\"examples\": [{\"input\": \"i\", \"target\": \"t\"}]}");
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      Path root = BuiltinData.resolve(" builtin:smoke ", loader);
      assertThat(root.toUri().getScheme()).isEqualTo("jar");
      LocalDataSource src = new LocalDataSource(root);
      assertThat(src.rows(DatasetTable.of("r", "v", null, "test", "gsm8k/test.jsonl")))
          .singleElement().satisfies(r -> assertThat(r.get("answer").asString()).isEqualTo("#### 2"));
      assertThat(src.rows(DatasetTable.of("r", "v", null, "test", "bigbench/bbh/navigate.json"))).hasSize(1);
      assertThat(BuiltinData.resolve("builtin:smoke", loader)).isEqualTo(root); // the jar file system is reused
      // ... and is ours alone: others may still open the jar by URI (the JUnit platform's package scan does)
      java.nio.file.FileSystems.newFileSystem(java.net.URI.create("jar:" + jar.toUri()), Map.of()).close();
    }
  }

  @Test
  void unknownBuiltinDataNamesTheSettingAndAFolderIsAFolder(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> BuiltinData.source("builtin:full"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("infermark.accuracy-data-dir").hasMessageContaining("builtin:smoke");
    assertThat(BuiltinData.source(dir.toString()).dir()).isEqualTo(dir);
    assertThat(BuiltinData.isBuiltin("builtin:smoke")).isTrue();
    assertThat(BuiltinData.isBuiltin("/data/accuracy")).isFalse();
  }

  private static void put(ZipOutputStream z, String name, String text) throws Exception {
    z.putNextEntry(new ZipEntry(name));
    OutputStream o = z;
    o.write(text.getBytes(StandardCharsets.UTF_8));
    z.closeEntry();
  }
}
