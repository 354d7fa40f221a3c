package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.DatasetTable;
import dev.infermark.json.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LiveCodeBench code generation (lighteval's {@code prepare_prompt}, byte-equal). The release tag
 * ({@code infermark.accuracy-lcb-release-tag}, default {@code v4_v5}) picks the raw files.
 *
 * @param releaseTag {@code release_vN}, {@code release_latest}, {@code vA} or {@code vA_vB}
 */
public record LcbCodegen(String releaseTag) implements Benchmark {
  public static final String DEFAULT_RELEASE = "v4_v5";
  static final String REPO = "livecodebench/code_generation_lite";
  static final String REVISION = "0fe84c3912ea0c4d4a78037083943e8f0c4dd505";
  private static final Pattern RELEASE = Pattern.compile("release_v(\\d+)");
  private static final Pattern RANGE = Pattern.compile("v(\\d+)(?:_v(\\d+))?");

  @Override
  public String name() {
    return "lcb_codegeneration";
  }

  @Override
  public String defaultGrader() {
    return "code_execution";
  }

  /** The raw files of a release tag ({@code test.jsonl} for version 1, {@code testK.jsonl} otherwise). */
  public static List<String> files(String tag) {
    String t = tag.trim().toLowerCase(Locale.ROOT);
    int from;
    int to;
    Matcher m;
    if (t.equals("release_latest")) {
      from = 1;
      to = 6;
    } else if ((m = RELEASE.matcher(t)).matches()) {
      from = 1;
      to = Integer.parseInt(m.group(1));
    } else if ((m = RANGE.matcher(t)).matches()) {
      from = Integer.parseInt(m.group(1));
      to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
    } else {
      throw new IllegalArgumentException("unknown LiveCodeBench release tag '" + tag
          + "' (infermark.accuracy-lcb-release-tag); use release_vN, release_latest, vN or vA_vB");
    }
    List<String> out = new ArrayList<>();
    for (int v = from; v <= to; v++) {
      out.add(v == 1 ? "test.jsonl" : "test" + v + ".jsonl");
    }
    return out;
  }

  @Override
  public List<Problem> load(DataSource data, BenchmarkOptions o) throws IOException {
    if (!o.allTasks() || !o.tasks().isEmpty()) {
      throw new IllegalArgumentException("lcb_codegeneration: infermark.accuracy-tasks is not supported; unset it");
    }
    if (o.nShots() != 0) {
      throw new IllegalArgumentException("lcb_codegeneration: infermark.accuracy-n-shots is not supported; it must be 0");
    }
    if (o.cot()) {
      throw new IllegalArgumentException("lcb_codegeneration: infermark.accuracy-enable-cot is not supported; set it false");
    }
    List<Problem> out = new ArrayList<>();
    for (String f : files(releaseTag)) {
      DatasetTable t = DatasetTable.of(REPO, REVISION, null, "test", "lcb_codegeneration/" + f).withHubFiles(List.of(f));
      for (JsonNode r : data.rows(t)) {
        out.add(problem(r));
      }
    }
    return out;
  }

  static Problem problem(JsonNode r) {
    String starter = Benchmark.text(r, "starter_code");
    StringBuilder p = new StringBuilder("You will be given a question (problem specification) and will generate a correct "
        + "Python program that matches the specification and passes all tests.\n\n");
    p.append("Question: ").append(Benchmark.text(r, "question_content")).append("\n\n");
    if (!starter.isEmpty()) {
      p.append("You will use the following starter code to write the solution to the problem and enclose your code "
          + "within delimiters.\n").append("```python\n").append(starter).append("\n```\n\n");
    } else {
      p.append("Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the "
          + "sample inputs). Enclose your code within delimiters as follows. Ensure that when the python program runs, it "
          + "reads the inputs, runs the algorithm and writes output to STDOUT.\n").append("```python\n# YOUR CODE HERE\n```\n\n");
    }
    ObjectNode gt = Json.object();
    gt.put("starter_code", starter);
    gt.put("public_test_cases", Benchmark.text(r, "public_test_cases"));
    gt.put("private_test_cases", Benchmark.text(r, "private_test_cases"));
    gt.put("metadata", Benchmark.text(r, "metadata"));
    Map<String, String> meta = Map.of("question_id", Benchmark.text(r, "question_id"),
        "title", Benchmark.text(r, "question_title"), "platform", Benchmark.text(r, "platform"),
        "difficulty", Benchmark.text(r, "difficulty").toLowerCase(Locale.ROOT));
    return new Problem(p.toString(), null, gt.toString(), "lcb_codegeneration", meta, 32768);
  }
}
