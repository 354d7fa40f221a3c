package dev.infermark.accuracy.grader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GradersTest {
  @Test
  void multipleChoiceTiersAndReasoningText() {
    MultipleChoiceGrader g = new MultipleChoiceGrader();
    Grade clean = g.grade("B\nbecause", " B");
    assertThat(clean.correct()).isTrue();
    assertThat(clean.unparsed()).isFalse();
    assertThat(clean.reasoning()).isEqualTo("first-line-of-response extracted to 'B'; ground_truth stripped to 'B'; match=True");
    Grade tier1 = g.grade("Let me think. The answer is (C)", " C");
    assertThat(tier1.correct()).isTrue();
    assertThat(tier1.unparsed()).isFalse();
    Grade tier2 = g.grade("Reasoning...\nAnswer: D", " D");
    assertThat(tier2.correct()).isTrue();
    assertThat(tier2.unparsed()).isTrue();
    assertThat(tier2.reasoning()).contains("(regex fallback)");
    Grade lone = g.grade("I pick A here", " A");
    assertThat(lone.extractedAnswer()).isEqualTo("A");
    assertThat(lone.unparsed()).isTrue();
    Grade none = g.grade("no idea", " A");
    assertThat(none.correct()).isFalse();
    assertThat(none.extractedAnswer()).isEqualTo("no idea");
  }

  @Test
  void mmluProUsesLastAnswerIsAndFlagsFallbacks() {
    MmluProGrader g = new MmluProGrader();
    assertThat(g.grade("the answer is (A) ... no, the answer is (J)", "J").correct()).isTrue();
    Grade t2 = g.grade("So. Answer: F", "F");
    assertThat(t2.correct()).isTrue();
    assertThat(t2.unparsed()).isTrue();
    assertThat(g.grade("I", "I").unparsed()).isFalse();
    assertThat(g.grade("", "A").extractedAnswer()).isEmpty();
  }

  @Test
  void exactMatchIsStrippedCaseSensitive() {
    ExactMatchGrader g = new ExactMatchGrader();
    assertThat(g.grade("  (A)\n", "(A)").correct()).isTrue();
    assertThat(g.grade("true", "True").correct()).isFalse();
    assertThat(g.grade("   ", "True").unparsed()).isTrue();
  }

  @Test
  void gsm8kMarkerAndLastNumberFallback() {
    LightevalGsm8kGrader g = new LightevalGsm8kGrader();
    String gold = "Janet sells 16 - 3 - 4 = 9 duck eggs.\n#### 18";
    assertThat(g.grade("#### 18", gold).unparsed()).isFalse();
    Grade fb = g.grade("She makes $18.00 every day.", gold);
    assertThat(fb.correct()).isTrue();
    assertThat(fb.unparsed()).isTrue();
    assertThat(fb.reasoning()).isEqualTo("gsm8k quasi-exact-match: gold '18' vs pred '18.00'; match=True (no #### marker; used last-number fallback)");
    assertThat(g.grade("1,234", "#### 1234").correct()).isTrue();
    assertThat(g.grade("none", gold).reasoning()).endsWith("(no number in response)");
  }

  @Test
  void mathExtractsStripsAndComparesWithStatedFallback() {
    MathGrader g = new MathGrader();
    Grade boxed = g.grade("so \\boxed{\\dfrac{3}{4}}.", "0.75");
    assertThat(boxed.correct()).isTrue();
    assertThat(boxed.unparsed()).isFalse();
    assertThat(boxed.reasoning()).contains("compared via math_equal");
    Grade fallback = new MathGrader(true).grade("so \\boxed{\\dfrac{3}{4}}.", "0.75");
    assertThat(fallback.correct()).isTrue();
    assertThat(fallback.reasoning()).contains("compared via stdlib-fallback");
    assertThat(g.grade("The answer is 204.", "204").unparsed()).isTrue();
    assertThat(g.grade("The answer is 204.", "204").correct()).isTrue();
    assertThat(g.grade("\\boxed{10\\%}", "10").correct()).isTrue();
    assertThat(g.grade("\\boxed{x=5}", "5").correct()).isTrue();
    assertThat(g.grade("\\boxed{3/4}", "\\frac{3}{4}").correct()).isTrue();
    assertThat(g.grade("\\boxed{5 \\text{ degrees}}", "5").correct()).isTrue();
    assertThat(g.grade("\\boxed{205}", "204").correct()).isFalse();
    // The cascade: percent variants, choice prefixes, comma lists in any order, symbolic forms.
    assertThat(g.grade("\\boxed{0.5}", "50").correct()).isTrue();
    assertThat(g.grade("\\boxed{(B) 7}", "7").correct()).isTrue();
    assertThat(g.grade("\\boxed{3, 1, 2}", "1,2,3").correct()).isTrue();
    assertThat(g.grade("\\boxed{\\sqrt{2}}", "2^{1/2}").correct()).isTrue();
    assertThat(g.grade("\\boxed{\\frac{1}{3}}", "0.333333").correct()).isTrue();
    assertThat(g.grade("\\boxed{y = 2x + 1}", "y=1+2x").correct()).isTrue();
    assertThat(g.grade("\\boxed{2x + 2}", "2x+1").correct()).isFalse();
    assertThat(new MathGrader(true).grade("\\boxed{\\sqrt{2}}", "2^{1/2}").correct()).isFalse();
    assertThat(MathStrip.strip("\\frac12")).isEqualTo("\\frac{1}{2}");
    assertThat(MathStrip.strip("03/4")).isEqualTo("\\frac{3}{4}");
    assertThat(MathStrip.strip("2.00")).isEqualTo("2");
    assertThat(MathStrip.strip("2.50")).isEqualTo("2.50");
  }

  @Test
  void lightevalGradersScoreTheReferenceFormats() {
    assertThat(new LightevalExprGrader().grade("The final answer is $204$. I hope it is correct.", "204").correct()).isTrue();
    assertThat(new LightevalExprGrader().grade("so we get \\boxed{204}", "204").correct()).isTrue();
    assertThat(new LightevalExprGrader().grade("so we get \\boxed{205}", "204").correct()).isFalse();
    String solution = "Thus the value is $\\boxed{\\frac{\\pi}{2}}$.";
    assertThat(new LightevalLatexGrader().grade("We find $\\boxed{\\frac{\\pi}{2}}$", solution).correct()).isTrue();
    assertThat(new LightevalLatexGrader().grade("We find $\\boxed{\\pi}$", solution).correct()).isFalse();
    assertThat(new LightevalGpqaGrader().grade("blah\n\nAnswer: C", "C").correct()).isTrue();
    assertThat(new LightevalGpqaGrader().grade("blah\n\nAnswer: B", "C").correct()).isFalse();
  }

  @Test
  void graderNamesAndAliasesResolve() {
    assertThat(Grader.byName(" Expression ").name()).isEqualTo("lighteval_expr");
    assertThat(Grader.byName("gsm8k").name()).isEqualTo("lighteval_gsm8k");
    Grader.NAMES.forEach(n -> assertThat(Grader.byName(n).name()).isEqualTo(n));
    assertThatThrownBy(() -> Grader.byName("nope")).hasMessageContaining("infermark.accuracy-grader");
  }
}
