package dev.infermark.accuracy.grader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.json.Json;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Runs generated Python in separate processes (skips when no python3 is installed). */
class CodeExecutionGraderTest {
  @BeforeAll
  static void needsPython() {
    boolean ok;
    try {
      ok = new ProcessBuilder("python3", "-c", "pass").start().waitFor() == 0;
    } catch (Exception e) {
      ok = false;
    }
    Assumptions.assumeTrue(ok, "python3 not available");
  }

  static String gt(String publicTests, String privateTests, String funcName) {
    ObjectNode o = Json.object();
    o.put("starter_code", "");
    o.put("public_test_cases", publicTests);
    o.put("private_test_cases", privateTests);
    o.put("metadata", funcName == null ? "{}" : "{\"func_name\": \"" + funcName + "\"}");
    return o.toString();
  }

  static final String STDIO = "[{\"input\": \"3 4\\n\", \"output\": \"7\\n\", \"testtype\": \"stdin\"},"
      + "{\"input\": \"10 -2\\n\", \"output\": \"8\", \"testtype\": \"stdin\"}]";

  @Test
  void stdinProgramPassesAndWrongProgramFails() {
    CodeExecutionGrader g = new CodeExecutionGrader();
    String good = "Here:\n```python\nimport sys\na, b = map(int, sys.stdin.buffer.read().split())\nprint(a + b)\n```\n";
    Grade pass = g.grade(good, gt(STDIO, "[]", null));
    assertThat(pass.correct()).as(pass.reasoning()).isTrue();
    assertThat(pass.reasoning()).startsWith("lighteval codegen_metrics pass@1=1.000 (snippet length=");
    Grade fail = g.grade("```python\nprint(0)\n```", gt(STDIO, "[]", null));
    assertThat(fail.correct()).isFalse();
    assertThat(fail.unparsed()).isFalse();
    assertThat(fail.reasoning()).contains("wrong answer on test 0");
  }

  @Test
  void callBasedSolutionWithCompressedPrivateTests() throws Exception {
    // lighteval's private-test encoding: base64(zlib(pickle(json string))).
    String privateJson = "[{\"input\": \"[1, 2, 3]\", \"output\": \"6\", \"testtype\": \"functional\"}]";
    Process p = new ProcessBuilder("python3", "-c",
        "import sys,pickle,zlib,base64;print(base64.b64encode(zlib.compress(pickle.dumps(sys.argv[1]))).decode())", privateJson)
        .start();
    String encoded = new String(p.getInputStream().readAllBytes()).strip();
    p.waitFor();
    String pub = "[{\"input\": \"[4, 5]\", \"output\": \"9\", \"testtype\": \"functional\"}]";
    String code = "```python\nclass Solution:\n    def total(self, nums: List[int]) -> int:\n        print('debug')\n"
        + "        return sum(nums)\n```";
    Grade g = new CodeExecutionGrader().grade(code, gt(pub, encoded, "total"));
    assertThat(g.correct()).as(g.reasoning()).isTrue();
  }

  @Test
  void timeoutAndMissingCodeBlockAndMissingPython() {
    CodeExecutionGrader g = new CodeExecutionGrader();
    Grade loop = g.grade("```python\nwhile True: pass\n```", gt("[{\"input\": \"\", \"output\": \"1\"}]", "[]", null));
    assertThat(loop.correct()).isFalse();
    assertThat(loop.reasoning()).contains("timeout on test 0");
    Grade none = g.grade("no code", gt(STDIO, "[]", null));
    assertThat(none.unparsed()).isTrue();
    assertThat(none.reasoning()).endsWith("(no code block extracted)");
    Grade noPython = new CodeExecutionGrader("/nonexistent/python3", 512).grade("```python\nprint(7)\n```", gt(STDIO, "[]", null));
    assertThat(noPython.unparsed()).isTrue();
    assertThat(noPython.reasoning()).startsWith("LCB grader failed: cannot start Python").contains("infermark.accuracy-python");
  }

  @Test
  void extractCodeTakesTheLastFencedBlock() {
    assertThat(CodeExecutionGrader.extractCode("```\na\n```\ntext\n```python\nb\nc\n```")).isEqualTo("b\nc");
    assertThat(CodeExecutionGrader.extractCode("```python\nonly one fence")).isEmpty();
  }
}
