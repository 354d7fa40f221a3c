package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import dev.infermark.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LiveCodeBench pass@1: the last fenced code block of the response runs against the problem's
 * public and private tests in separate {@code python3} processes (6 s per test, a global limit of
 * {@code (6+1)*n+5} s, an address-space cap), as lighteval's {@code codegen_metrics} does.
 *
 * @param python the Python executable ({@code infermark.accuracy-python})
 * @param memoryMb the per-test address-space limit in MiB ({@code infermark.accuracy-code-memory-mb})
 */
public record CodeExecutionGrader(String python, int memoryMb) implements Grader {
  private static final long OUTER_TIMEOUT_S = 3600;

  public CodeExecutionGrader() {
    this("python3", 2048);
  }

  @Override
  public String name() {
    return "code_execution";
  }

  /** lighteval's {@code extract_code}: the lines strictly between the last two fence lines. */
  static String extractCode(String text) {
    String[] lines = text.split("\n", -1);
    List<Integer> fences = java.util.stream.IntStream.range(0, lines.length)
        .filter(i -> lines[i].contains("```")).boxed().toList();
    if (fences.size() < 2) {
      return "";
    }
    int a = fences.get(fences.size() - 2);
    int b = fences.get(fences.size() - 1);
    return String.join("\n", java.util.Arrays.asList(lines).subList(a + 1, b));
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String text = response == null ? "" : response;
    String preview = text.length() > 200 ? text.substring(0, 200) : text;
    String code = extractCode(text);
    if (code.isEmpty()) {
      return new Grade(false, true, 0.0, "lighteval codegen_metrics pass@1=0.000 (snippet length=0) (no code block extracted)",
          preview, "<lcb test cases>");
    }
    try {
      JsonNode gt = Json.parse(groundTruth);
      String fnName = "";
      JsonNode meta = gt.path("metadata");
      if (meta.isString() && !meta.asString().isBlank()) {
        meta = Json.parse(meta.asString());
      }
      if (meta.isObject() && meta.hasNonNull("func_name")) {
        fnName = meta.get("func_name").asString();
      }
      ObjectNode job = Json.object();
      job.put("code", code);
      job.set("public", gt.path("public_test_cases"));
      job.set("private", gt.path("private_test_cases"));
      job.put("fn_name", fnName);
      job.put("mem_mb", memoryMb);
      Verdict v = run(job);
      double pass = v.passed ? 1.0 : 0.0;
      String reasoning = String.format(Locale.ROOT, "lighteval codegen_metrics pass@1=%.3f (snippet length=%d)", pass, code.length())
          + (v.passed ? "" : "; " + v.reason);
      return new Grade(v.passed, false, pass, reasoning, preview, "<lcb test cases>");
    } catch (RuntimeException | IOException e) {
      return new Grade(false, true, 0.0, "LCB grader failed: " + e.getMessage(), preview, "<lcb test cases>");
    }
  }

  private record Verdict(boolean passed, String reason) {}

  private Verdict run(ObjectNode job) throws IOException {
    Path dir = Files.createTempDirectory("infermark-lcb-");
    try {
      Path harness = dir.resolve("lcb_harness.py");
      try (InputStream in = CodeExecutionGrader.class.getResourceAsStream("lcb_harness.py")) {
        Files.copy(in, harness);
      }
      Path jobFile = dir.resolve("job.json");
      Files.writeString(jobFile, job.toString());
      Process p;
      try {
        p = new ProcessBuilder(python, harness.toString(), "run", jobFile.toString())
            .directory(dir.toFile()).redirectError(dir.resolve("stderr.txt").toFile()).start();
      } catch (IOException e) {
        throw new IOException("cannot start Python ('" + python + "', infermark.accuracy-python) to run generated code: "
            + e.getMessage() + "; code_execution needs a python3 on PATH", e);
      }
      p.getOutputStream().close();
      byte[] out;
      try (InputStream stdout = p.getInputStream()) {
        out = stdout.readAllBytes();
      }
      if (!p.waitFor(OUTER_TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("the code-execution harness did not finish");
      }
      String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
      String line = Py.strip(new String(out, StandardCharsets.UTF_8));
      if (p.exitValue() != 0 || line.isEmpty()) {
        String[] el = Py.strip(err).split("\n");
        throw new IOException("harness exit " + p.exitValue() + ": " + el[el.length - 1]);
      }
      String[] lines = line.split("\n");
      JsonNode v = Json.parse(lines[lines.length - 1]);
      return new Verdict(v.path("passed").asBoolean(false), v.path("reason").asString(""));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running generated code", e);
    } finally {
      try (Stream<Path> s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
