package dev.infermark.accuracy.grader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.SharedData;
import dev.infermark.accuracy.data.TableReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Graders against the real datasets' own answers: every gold answer matches its gold, others rarely do. */
class RealDataGradersTest {
  @Test
  void math500BoxedAnswersMatchTheirSolutionsAndNotTheNextProblems() throws Exception {
    List<JsonNode> rows = TableReader.read(SharedData.file("math_500/test.jsonl"));
    int own = 0;
    int shifted = 0;
    LightevalLatexGrader latex = new LightevalLatexGrader();
    MathGrader math = new MathGrader();
    int mathOwn = 0;
    for (int i = 0; i < rows.size(); i++) {
      String solution = rows.get(i).get("solution").asString();
      String answer = rows.get(i).get("answer").asString();
      own += latex.grade("The answer is $\\boxed{" + answer + "}$.", solution).correct() ? 1 : 0;
      mathOwn += math.grade("\\boxed{" + answer + "}", answer).correct() ? 1 : 0;
      String next = rows.get((i + 1) % rows.size()).get("answer").asString();
      shifted += latex.grade("$\\boxed{" + next + "}$", solution).correct() ? 1 : 0;
    }
    assertThat(rows).hasSize(500);
    assertThat(own).isEqualTo(500);
    assertThat(mathOwn).isEqualTo(500);
    // The three neighbours that do match are genuinely equal answers (5 and x=5, 7 and 7, 3 and 3).
    assertThat(shifted).isEqualTo(3);
  }

  @Test
  void gsm8kAndAimeGoldAnswersGradeCorrect() throws Exception {
    List<JsonNode> gsm = TableReader.read(SharedData.file("gsm8k/test.jsonl"));
    LightevalGsm8kGrader g = new LightevalGsm8kGrader();
    long ok = gsm.stream().filter(r -> {
      String gold = r.get("answer").asString();
      String n = gold.substring(gold.indexOf("####") + 4).strip();
      return g.grade("So the answer is " + n + ".", gold).correct();
    }).count();
    assertThat(ok).isEqualTo(1319);
    for (String set : List.of("aime24/test.jsonl", "aime25/test.jsonl")) {
      for (JsonNode r : TableReader.read(SharedData.file(set))) {
        String a = r.get("answer").asString();
        assertThat(new LightevalExprGrader().grade("Thus the final answer is $\\boxed{" + a + "}$.", a).correct()).as(a).isTrue();
        assertThat(new MathGrader().grade("\\boxed{" + a + "}", a).correct()).as(a).isTrue();
        assertThat(new LightevalExprGrader().grade("\\boxed{" + (Integer.parseInt(a) + 1) + "}", a).correct()).isFalse();
      }
    }
  }
}
