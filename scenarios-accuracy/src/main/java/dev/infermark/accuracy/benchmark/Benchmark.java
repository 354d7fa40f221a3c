package dev.infermark.accuracy.benchmark;

import dev.infermark.accuracy.data.DataSource;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A benchmark: its dataset loader and prompt builder, with the reference's defaults (grader,
 * few-shot count, chain of thought, system prompt).
 */
public sealed interface Benchmark permits Mmlu, MmluPro, Aime, HellaSwag, BigBench, BareMath, Math500, GpqaDiamond,
    LcbCodegen, Gsm8k {

  String name();

  String defaultGrader();

  /** Few-shot examples per prompt when {@code infermark.accuracy-n-shots} is unset (0 unless overridden). */
  default int defaultNShots() {
    return 0;
  }

  /** Whether chain-of-thought prompting is on when {@code infermark.accuracy-enable-cot} is unset (off unless overridden). */
  default boolean defaultCot() {
    return false;
  }

  /** The system prompt injected when {@code infermark.accuracy-system-prompt} is unset, or {@code null}. */
  default String defaultSystemPrompt() {
    return null;
  }

  /**
   * The problems in the reference's order.
   *
   * @throws IllegalArgumentException for a bad option (unknown task, too many shots), naming it
   * @throws IOException when the data cannot be read
   */
  List<Problem> load(DataSource data, BenchmarkOptions options) throws IOException;

  /** Every benchmark name. */
  List<String> NAMES = List.of("mmlu", "mmlu_pro", "aime", "hellaswag", "bigbench", "aime24", "aime25", "math_500",
      "gpqa_diamond", "lcb_codegeneration", "gsm8k");

  /** Aliases (matched after trim and ASCII lower-casing). */
  Map<String, String> ALIASES = Map.of("mmlu-pro", "mmlu_pro", "math-500", "math_500", "gpqa-diamond", "gpqa_diamond",
      "lcb-codegeneration", "lcb_codegeneration", "lcb:codegeneration", "lcb_codegeneration", "bbh", "bigbench",
      "bigbench-hard", "bigbench", "aime-2024", "aime24", "aime-2025", "aime25");

  /**
   * The benchmark for a name or alias.
   *
   * @throws IllegalArgumentException naming the unknown benchmark and the valid names
   */
  static Benchmark byName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    n = ALIASES.getOrDefault(n, n);
    return switch (n) {
      case "mmlu" -> new Mmlu();
      case "mmlu_pro" -> new MmluPro();
      case "aime" -> new Aime();
      case "hellaswag" -> new HellaSwag();
      case "bigbench" -> new BigBench();
      case "aime24" -> BareMath.aime24();
      case "aime25" -> BareMath.aime25();
      case "math_500" -> new Math500();
      case "gpqa_diamond" -> new GpqaDiamond();
      case "lcb_codegeneration" -> new LcbCodegen(LcbCodegen.DEFAULT_RELEASE);
      case "gsm8k" -> new Gsm8k();
      default -> throw new IllegalArgumentException("unknown accuracy benchmark '" + name + "'; valid benchmarks: "
          + String.join(", ", NAMES));
    };
  }

  /** A field as text ({@code ""} when missing or null), for rows whose fields may be numbers. */
  static String text(tools.jackson.databind.JsonNode row, String... names) {
    for (String f : names) {
      tools.jackson.databind.JsonNode v = row.get(f);
      if (v != null && !v.isNull()) {
        return v.isString() ? v.asString() : v.toString();
      }
    }
    return "";
  }
}
