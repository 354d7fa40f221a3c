package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.ExtractiveMatch.Expr;
import dev.infermark.accuracy.grader.ExtractiveMatch.Latex;
import dev.infermark.accuracy.grader.ExtractiveMatch.Target;
import java.util.List;

/** lighteval's {@code expr_gold_metric} (AIME 24/25): gold as an expression, prediction as expression or LaTeX. */
public record LightevalExprGrader() implements Grader {
  static final List<Target> PRED = List.of(new Expr(), new Latex(0, true));

  @Override
  public String name() {
    return "lighteval_expr";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    return LightevalGrading.grade(name(), response, groundTruth, groundTruth, List.of(new Expr()), PRED, 5);
  }
}
