package dev.infermark.accuracy.grader;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scores one model response against a problem's ground truth. The nine variants are the
 * reference's graders; {@link #byName} resolves a name or alias ({@code infermark.accuracy-grader}).
 */
public sealed interface Grader permits MultipleChoiceGrader, MmluProGrader, MathGrader, ExactMatchGrader,
    CodeExecutionGrader, LightevalExprGrader, LightevalLatexGrader, LightevalGpqaGrader, LightevalGsm8kGrader {

  /** The grader's name as it appears in outputs ({@code multiple_choice}, ...). */
  String name();

  /** Grades {@code response} (the answer channel) against {@code groundTruth}. Never throws. */
  Grade grade(String response, String groundTruth);

  /** Every grader name, in the reference's order. */
  List<String> NAMES = List.of("multiple_choice", "mmlu_pro", "math", "exact_match", "code_execution",
      "lighteval_expr", "lighteval_latex", "lighteval_gpqa", "lighteval_gsm8k");

  /** Aliases accepted for grader names (after trim and ASCII lower-casing). */
  Map<String, String> ALIASES = Map.of("expression", "lighteval_expr", "latex", "lighteval_latex",
      "gpqa", "lighteval_gpqa", "gsm8k", "lighteval_gsm8k");

  /**
   * The grader for a name or alias.
   *
   * @throws IllegalArgumentException naming the unknown grader and the valid names
   */
  static Grader byName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    n = ALIASES.getOrDefault(n, n);
    return switch (n) {
      case "multiple_choice" -> new MultipleChoiceGrader();
      case "mmlu_pro" -> new MmluProGrader();
      case "math" -> new MathGrader();
      case "exact_match" -> new ExactMatchGrader();
      case "code_execution" -> new CodeExecutionGrader();
      case "lighteval_expr" -> new LightevalExprGrader();
      case "lighteval_latex" -> new LightevalLatexGrader();
      case "lighteval_gpqa" -> new LightevalGpqaGrader();
      case "lighteval_gsm8k" -> new LightevalGsm8kGrader();
      default -> throw new IllegalArgumentException("unknown accuracy grader '" + name
          + "' (infermark.accuracy-grader); valid graders: " + String.join(", ", NAMES));
    };
  }
}
