package dev.infermark.accuracy.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infermark.accuracy.Fixtures;
import dev.infermark.accuracy.benchmark.Benchmark;
import dev.infermark.accuracy.benchmark.Problem;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.fixture.FakeClient;
import dev.infermark.json.Json;
import dev.infermark.settings.Settings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every benchmark end to end against a fake client that answers from the gold answers in varied
 * valid formats (100 %), and wrongly on a known subset (the exact fraction).
 */
class AccuracyEvalTest {
  @TempDir static Path data;

  @BeforeAll
  static void fixtures() throws Exception {
    Fixtures.writeAll(data);
  }

  static List<String> benchmarks() {
    return Benchmark.NAMES;
  }

  /** A valid answer in one of several formats (variant), or a wrong one. */
  /** The shared fake client, answering each request with the text {@code answer} computes from its session index. */
  private static FakeClient client(BiFunction<Integer, InferenceRequest, String> answer) {
    return FakeClient.replying(r -> FakeClient.Reply.of(answer.apply(session(r), r)));
  }

  static int session(InferenceRequest r) {
    return Integer.parseInt(r.tags().conversationId().substring("session_".length()));
  }

  static String answer(String benchmark, Problem p, int variant, boolean wrong) {
    String gt = p.groundTruth().strip();
    switch (benchmark) {
      case "mmlu", "mmlu_pro", "hellaswag", "gpqa_diamond" -> {
        String letter = wrong ? (gt.equals("A") ? "B" : "A") : gt;
        return switch (benchmark) {
          case "mmlu" -> List.of(letter, "The answer is (" + letter + ")", letter + "\nbecause it fits").get(variant % 3);
          case "mmlu_pro" -> List.of("Let's see. The answer is (" + letter + ").", letter).get(variant % 2);
          case "hellaswag" -> List.of(letter, " " + letter + "\n").get(variant % 2);
          default -> List.of("Reasoning first.\n\nAnswer: " + letter, "Thinking...\nAnswer: (" + letter + ")").get(variant % 2);
        };
      }
      case "bigbench" -> {
        return wrong ? "Unknown" : List.of(gt, "  " + gt + " \n").get(variant % 2);
      }
      case "aime" -> {
        String v = wrong ? "999" : gt;
        return List.of("\\boxed{" + v + "}", "Work...\nThus \\boxed{" + v + "}.", "The answer is " + v).get(variant % 3);
      }
      case "aime24", "aime25" -> {
        String v = wrong ? "7" : gt;
        return List.of("\\boxed{" + v + "}", "The final answer is $" + v + "$. I hope it is correct.", "Answer: " + v)
            .get(variant % 3);
      }
      case "math_500" -> {
        String v = wrong ? "42" : gt.substring(gt.indexOf("\\boxed{") + 7, gt.lastIndexOf("}$."));
        return List.of("So $\\boxed{" + v + "}$", "The final answer is $" + v + "$. I hope it is correct.").get(variant % 2);
      }
      case "lcb_codegeneration" -> {
        String op = wrong ? "-" : p.prompt().contains("Multiply") ? "*" : "+";
        return "Here you go:\n```python\na, b = map(int, input().split())\nprint(a " + op + " b)\n```\n";
      }
      case "gsm8k" -> {
        long n = Long.parseLong(gt.substring(gt.indexOf("####") + 5).strip()) + (wrong ? 1 : 0);
        return List.of(String.valueOf(n), "The answer is " + String.format("%,d", n) + ".", "Steps\n#### " + n).get(variant % 3);
      }
      default -> throw new IllegalArgumentException(benchmark);
    }
  }

  static Map<String, String> settings(String benchmark) {
    Map<String, String> s = new HashMap<>();
    s.put("accuracy-data-dir", data.toString());
    s.put("concurrency", "3");
    if (benchmark.equals("bigbench")) {
      s.put("accuracy-tasks", "boolean_expressions,navigate");
    }
    if (benchmark.equals("hellaswag")) {
      s.put("accuracy-n-shots", "2");
    }
    if (benchmark.equals("aime")) {
      s.put("accuracy-n-shots", "2");
    }
    return s;
  }

  RunResult run(String benchmark, Map<String, String> s, Path out, boolean wrongOnThirds) throws Exception {
    AccuracyEval eval = AccuracyEval.of(benchmark);
    List<Problem> problems = eval.problems(Settings.of(s), null);
    FakeClient client = client((i, r) -> answer(benchmark, problems.get(i % problems.size()), i,
        wrongOnThirds && i % 3 == 0));
    TestRuns runs = new TestRuns();
    return runs.run(eval, runs.context(benchmark, s, client, out, URI.create("http://127.0.0.1:9")));
  }

  @ParameterizedTest
  @MethodSource("benchmarks")
  void goldAnswersInVariedFormatsScoreOneHundredPercent(String benchmark, @TempDir Path out) throws Exception {
    RunResult r = run(benchmark, settings(benchmark), out, false);
    assertThat(r.lookup("", "accuracy", Stat.VALUE)).hasValue(1.0);
    assertThat(Files.readString(out.resolve("accuracy_results.csv"))).contains("OVERALL,");
  }

  @ParameterizedTest
  @MethodSource("benchmarks")
  void wrongAnswersOnAKnownSubsetGiveTheExactFraction(String benchmark, @TempDir Path out) throws Exception {
    Map<String, String> s = settings(benchmark);
    int n = AccuracyEval.of(benchmark).problems(Settings.of(s), null).size();
    long wrong = java.util.stream.IntStream.range(0, n).filter(i -> i % 3 == 0).count();
    RunResult r = run(benchmark, s, out, true);
    assertThat(r.lookup("", "accuracy", Stat.VALUE)).hasValue((double) (n - wrong) / n);
    assertThat(r.lookup("", "accuracy_total", Stat.VALUE)).hasValue((double) n);
  }

  @Test
  void writesCsvJsonlTierValuesAndTable(@TempDir Path out) throws Exception {
    RunResult r = run("mmlu", settings("mmlu"), out, true);
    // anatomy: sessions 0..5 (wrong 0, 3); virology: 6..11 (wrong 6, 9)
    List<String> csv = List.of(Files.readString(out.resolve("accuracy_results.csv")).split("\r\n", -1));
    assertThat(csv).containsExactly("task,total,passed,unparsed,accuracy_rate,unparsed_rate",
        "anatomy,6,4,0,0.6666666666666666,0.0", "virology,6,4,0,0.6666666666666666,0.0",
        "OVERALL,12,8,0,0.6666666666666666,0.0", "");
    assertThat(r.lookup("anatomy", "accuracy", Stat.VALUE)).hasValue(4.0 / 6);
    List<String> lines = Files.readAllLines(out.resolve("accuracy_export.jsonl"));
    assertThat(lines).hasSize(12);
    JsonNode first = Json.parse(lines.get(0));
    List<String> fields = new ArrayList<>();
    first.propertyNames().forEach(fields::add);
    assertThat(fields).containsExactly("session_num", "conversation_id", "x_request_id", "worker_id", "benchmark_phase",
        "timestamp_ns", "task", "grader_name", "passed", "unparsed", "confidence", "expected", "actual", "explanation",
        "model_output", "model_thinking");
    assertThat(first.get("benchmark_phase").asString()).isEqualTo("profiling");
    assertThat(first.get("grader_name").asString()).isEqualTo("multiple_choice");
    assertThat(first.get("model_thinking").isNull()).isTrue();
    assertThat(r.consoleLines()).contains("Accuracy Benchmark Results");
    assertThat(r.consoleLines()).anyMatch(l -> l.startsWith("OVERALL") && l.endsWith("66.67%"));
  }

  /**
   * Pins {@code accuracy_results.csv} and {@code accuracy_export.jsonl} byte for byte (one request at
   * a time, so the lines keep their order); the timestamps and the fake server's random request ids are masked.
   */
  @Test
  void accuracyFilesAreUnchanged(@TempDir Path out) throws Exception {
    Map<String, String> s = settings("mmlu");
    s.put("concurrency", "1");
    run("mmlu", s, out, true);
    dev.infermark.testkit.Golden.assertMatches("accuracy/accuracy_results.csv", Files.readString(out.resolve("accuracy_results.csv")));
    String jsonl = Files.readString(out.resolve("accuracy_export.jsonl"))
        .replaceAll("\"timestamp_ns\":\\d+", "\"timestamp_ns\":0")
        .replaceAll("\"x_request_id\":\"[^\"]*\"", "\"x_request_id\":\"<id>\"");
    dev.infermark.testkit.Golden.assertMatches("accuracy/accuracy_export.jsonl", jsonl);
  }

  @Test
  void verboseLinesCancellationAndExportExtras(@TempDir Path out) throws Exception {
    Map<String, String> s = settings("gsm8k");
    s.put("accuracy-verbose", "true");
    s.put("concurrency", "1");
    AccuracyEval eval = AccuracyEval.of("gsm8k");
    TestRuns runs = new TestRuns();
    dev.infermark.run.HarnessContext[] ctx = new dev.infermark.run.HarnessContext[1];
    FakeClient client = client((i, r) -> {
      if (i == 2) {
        ctx[0].cancellation().cancel(); // cancelled while the third request is in flight
      }
      return "Line one\nThe answer is 5.";
    });
    ctx[0] = runs.context("gsm8k", s, client, out, URI.create("http://x:1"));
    RunResult r = eval.run(ctx[0]);
    assertThat(client.requests()).hasSize(3);
    assertThat(r.reportEntries()).containsEntry("accuracy.partial", "true");
    assertThat(ctx[0].exportExtras().path("accuracy").path("partial").asBoolean()).isTrue();
    assertThat(ctx[0].exportExtras().path("accuracy").path("graded").asInt()).isEqualTo(3);
    assertThat(runs.log).anyMatch(l -> l.startsWith("[accuracy] session=session_000000 correct=False unparsed=True reason=gsm8k")
        && l.endsWith("response_len=25 response_preview=Line one\\nThe answer is 5."));
    assertThat(Files.readAllLines(out.resolve("accuracy_export.jsonl"))).hasSize(3);
  }

  @Test
  void warmupResponsesAreExportedButNotSummarised(@TempDir Path out) throws Exception {
    Map<String, String> s = settings("gsm8k");
    s.put("warmup-request-count", "2");
    AccuracyEval eval = AccuracyEval.of("gsm8k");
    List<Problem> problems = eval.problems(Settings.of(s), null);
    FakeClient client = client((i, r) -> answer("gsm8k", problems.get(i % problems.size()),
        i, r.phase() == dev.infermark.api.request.Phase.WARMUP));
    TestRuns runs = new TestRuns();
    RunResult r = eval.run(runs.context("gsm8k", s, client, out, URI.create("http://x:1")));
    assertThat(r.lookup("", "accuracy", Stat.VALUE)).hasValue(1.0); // the wrong warmup answers do not count
    assertThat(runs.records).hasSize(9).filteredOn(x -> x.phase() == dev.infermark.api.request.Phase.WARMUP).hasSize(2);
    List<String> lines = Files.readAllLines(out.resolve("accuracy_export.jsonl"));
    assertThat(lines).hasSize(9);
    assertThat(Json.parse(lines.get(0)).get("benchmark_phase").asString()).isEqualTo("warmup");
    assertThat(Json.parse(lines.get(0)).get("conversation_id").asString()).startsWith("warmup_");
  }

  @Test
  void completionsLayoutSystemPromptAndWrapAround(@TempDir Path out) throws Exception {
    Map<String, String> s = settings("gsm8k");
    s.put("endpoint-type", "completions");
    s.put("accuracy-system-prompt", "Be brief.");
    s.put("request-count", "10");
    AccuracyEval eval = AccuracyEval.of("gsm8k");
    List<Problem> problems = eval.problems(Settings.of(s), null);
    FakeClient client = client((i, r) -> answer("gsm8k", problems.get(i % problems.size()), i, false));
    RunResult r = eval.run(new TestRuns().context("gsm8k", s, client, out, URI.create("http://127.0.0.1:9")));
    assertThat(client.requests()).hasSize(10);
    InferenceRequest req = client.requests().stream().filter(q -> session(q) == 8).findFirst().orElseThrow();
    assertThat(req.messages()).isEmpty();
    assertThat(req.prompt().toString()).isEqualTo("Be brief.\n\n" + problems.get(1).prompt());
    assertThat(req.maxTokens()).isEqualTo(256);
    assertThat(req.keepText()).isTrue();
    assertThat(r.lookup("", "accuracy_total", Stat.VALUE)).hasValue(10.0);
  }

  @Test
  void chatLayoutInjectsAimeSystemPromptUnlessDisabled(@TempDir Path out) throws Exception {
    Problem p = Problem.flat("Q", "1", "aime", 32768);
    AccuracyEval aime = AccuracyEval.of("aime");
    String sys = aime.systemPrompt(Settings.empty());
    InferenceRequest req = AccuracyEval.request(p, sys, true, dev.infermark.api.request.RequestTags.of("c", "x", 0));
    assertThat(req.messages()).extracting(ChatMessage::role).containsExactly("system", "user");
    assertThat(req.messages().get(0).content().toString())
        .isEqualTo("Please reason step by step, and put your final answer within \\boxed{}.");
    assertThat(aime.systemPrompt(Settings.of(Map.of("accuracy-system-prompt", "")))).isNull();
    assertThat(AccuracyEval.of("mmlu").systemPrompt(Settings.empty())).isNull();
  }

  @Test
  void failedRequestsAreCountedNotGradedAndBadSettingsAreNamed(@TempDir Path out) throws Exception {
    Map<String, String> s = settings("gsm8k");
    FakeClient ok = client((i, r) -> "x");
    dev.infermark.protocol.ServerClient failing = req -> {
      dev.infermark.api.request.RequestRecord rec = ok.send(req);
      return new dev.infermark.api.request.RequestRecord(rec.phase(), rec.requestId(), rec.tags(), -1, rec.startNs(), 0, -1,
          new long[0], rec.endNs(), null, null, null, null, null, null, null, 500,
          new dev.infermark.api.request.RequestError(dev.infermark.api.request.ErrorKind.SERVER_ERROR, 500, "x", "boom", null));
    };
    RunResult r = AccuracyEval.of("gsm8k").run(new TestRuns().context("gsm8k", s, failing, out, URI.create("http://x:1")));
    assertThat(r.lookup("", "accuracy_errors", Stat.VALUE)).hasValue(7.0);
    assertThat(r.lookup("", "accuracy", Stat.VALUE)).isEmpty();
    assertThat(out.resolve("accuracy_results.csv")).doesNotExist();

    Map<String, String> bad = settings("mmlu");
    bad.put("accuracy-tasks", "anatomy,astrology");
    assertThatThrownBy(() -> AccuracyEval.of("mmlu").problems(Settings.of(bad), null))
        .hasMessageContaining("Unknown MMLU subject 'astrology'").hasMessageContaining("infermark.accuracy-tasks");
    bad.put("accuracy-n-shots", "40");
    assertThatThrownBy(() -> AccuracyEval.of("mmlu").options(Settings.of(bad))).hasMessageContaining("accuracy-n-shots");
    Map<String, String> aime = settings("aime");
    aime.put("accuracy-n-shots", "9");
    assertThatThrownBy(() -> AccuracyEval.of("aime").problems(Settings.of(aime), null)).hasMessageContaining("at most 8");
  }
}
