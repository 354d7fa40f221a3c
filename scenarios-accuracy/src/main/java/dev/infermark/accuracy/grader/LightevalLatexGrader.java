package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.ExtractiveMatch.Latex;
import java.util.List;

/** lighteval's {@code latex_gold_metric} (MATH-500): gold (a full solution) through its {@code \boxed{}} LaTeX. */
public record LightevalLatexGrader() implements Grader {
  @Override
  public String name() {
    return "lighteval_latex";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    return LightevalGrading.grade(name(), response, groundTruth, groundTruth, List.of(new Latex(55, true)),
        LightevalExprGrader.PRED, 5);
  }
}
