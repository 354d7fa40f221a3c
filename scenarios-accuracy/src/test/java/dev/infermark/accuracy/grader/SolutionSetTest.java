package dev.infermark.accuracy.grader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.grader.MathValue.Relation;
import dev.infermark.accuracy.grader.SolutionSet.Iv;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Inequalities solved to unions of intervals (sympy's {@code as_set()}) and compared as sets. */
class SolutionSetTest {
  private static final double INF = Double.POSITIVE_INFINITY;

  private static boolean eq(String gold, String pred) {
    return MathCompare.equal(MathParser.parse(gold), MathParser.parse(pred), 6);
  }

  private static List<Iv> solve(String relation) {
    return SolutionSet.ofRelation((Relation) MathParser.parse(relation)).parts();
  }

  @Test
  void solvesSimpleChainedAndAbsoluteValueInequalities() {
    assertThat(solve("|x| < 2")).containsExactly(new Iv(-2, true, 2, true));
    assertThat(solve("x \\geq 3")).containsExactly(new Iv(3, false, INF, true));
    assertThat(solve("1 \\leq |z| \\leq \\frac{3}{2}"))
        .containsExactly(new Iv(-1.5, false, -1, false), new Iv(1, false, 1.5, false));
    assertThat(solve("|x - 1| > 2")).containsExactly(new Iv(-INF, true, -1, true), new Iv(3, true, INF, true));
    assertThat(solve("-1 < 2x + 3 \\leq 5")).containsExactly(new Iv(-2, true, 1, false));
    assertThat(solve("|x| \\leq 0")).containsExactly(new Iv(0, false, 0, false));
    assertThat(solve("|x| < -1")).isEmpty();
    assertThat(solve("|x| + |x - 2| \\leq 4")).containsExactly(new Iv(-1, false, 3, false));
    assertThat(solve("5 > x")).containsExactly(new Iv(-INF, true, 5, true));
  }

  @Test
  void leavesWhatItCannotSolveToTheCaller() {
    assertThat(SolutionSet.ofRelation((Relation) MathParser.parse("x^2 < 4"))).isNull();
    assertThat(SolutionSet.ofRelation((Relation) MathParser.parse("0 < f(x) < 1"))).isNull();
    assertThat(SolutionSet.ofRelation((Relation) MathParser.parse("x = 3"))).isNull();
    assertThat(SolutionSet.ofRelation((Relation) MathParser.parse("x < y"))).isNull();
  }

  @Test
  void inequalityEqualsTheSetItSolvesTo() {
    assertThat(eq("|x| < 2", "(-2, 2)")).isTrue();
    assertThat(eq("(-2, 2)", "|x| < 2")).isTrue();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "[-\\frac{3}{2}, -1] \\cup [1, \\frac{3}{2}]")).isTrue();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "z \\in [1, \\frac{3}{2}] \\cup [-\\frac{3}{2}, -1]")).isTrue();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "[-1.5, -1] \\cup [1, 1.5]")).isTrue();
    assertThat(eq("x \\geq 3", "[3, \\infty)")).isTrue();
    assertThat(eq("x \\ge 3", "x \\in [3, \\infty)")).isTrue();
    assertThat(eq("|x| \\leq 0", "\\{0\\}")).isTrue();
    assertThat(eq("-2 < x < 2", "|x| < 2")).isTrue();
    assertThat(eq("|x-1| > 2", "(-\\infty, -1) \\cup (3, \\infty)")).isTrue();
  }

  @Test
  void differentEndsOrEndpointsDoNotMatch() {
    assertThat(eq("|x| < 2", "[-2, 2]")).isFalse();
    assertThat(eq("|x| \\leq 2", "(-2, 2)")).isFalse();
    assertThat(eq("|x| < 2", "(-2, 3)")).isFalse();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "[-\\frac{3}{2}, -1) \\cup [1, \\frac{3}{2}]")).isFalse();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "[1, \\frac{3}{2}]")).isFalse();
    assertThat(eq("1 \\leq |z| \\leq \\frac{3}{2}", "[-2, -1] \\cup [1, 2]")).isFalse();
    assertThat(eq("x \\geq 3", "(3, \\infty)")).isFalse();
    assertThat(eq("x \\geq 3", "[4, \\infty)")).isFalse();
    assertThat(eq("x > 3", "(-\\infty, 3)")).isFalse();
    assertThat(eq("-2 < x < 2", "|x| \\leq 2")).isFalse();
  }

  @Test
  void setsAreNormalisedBeforeComparing() {
    assertThat(eq("x > 0", "(0, 1) \\cup [1, \\infty)")).isTrue();
    assertThat(eq("x > 0", "(0, 1) \\cup (1, \\infty)")).isFalse();
    assertThat(eq("|x| < 2", "(-2, 0] \\cup (0, 2)")).isTrue();
  }
}
