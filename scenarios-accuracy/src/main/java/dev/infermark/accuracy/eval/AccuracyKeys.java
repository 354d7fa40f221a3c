package dev.infermark.accuracy.eval;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;
import java.util.List;

/** The settings of the accuracy benchmarks ({@code infermark.accuracy-*}); see docs/accuracy.md. */
public final class AccuracyKeys implements KeyCatalog {
  public static final SettingKey<List<String>> TASKS = SettingKey.list("accuracy-tasks", null,
      "Comma-separated tasks (MMLU subjects, MMLU-Pro categories, BBH subtasks, HellaSwag activities); unset or 'all' = every task.");
  public static final SettingKey<Integer> N_SHOTS = SettingKey.integer("accuracy-n-shots", null,
      "Few-shot examples per problem (0..32); unset = the benchmark's default.");
  public static final SettingKey<Boolean> ENABLE_COT = SettingKey.bool("accuracy-enable-cot", null,
      "Chain-of-thought prompting; unset = the benchmark's default.");
  public static final SettingKey<String> GRADER = SettingKey.string("accuracy-grader", null,
      "Grader name (multiple_choice, mmlu_pro, math, exact_match, code_execution, lighteval_expr, lighteval_latex, "
          + "lighteval_gpqa, lighteval_gsm8k); unset = the benchmark's default.");
  public static final SettingKey<String> SYSTEM_PROMPT = SettingKey.string("accuracy-system-prompt", null,
      "System prompt; unset = the benchmark's default (aime only), empty = no system message.");
  public static final SettingKey<Boolean> VERBOSE = SettingKey.bool("accuracy-verbose", false,
      "Log one grading line per problem.");
  public static final SettingKey<String> DATA_DIR = SettingKey.string("accuracy-data-dir", null,
      "Read benchmark data from this folder (one sub-folder per benchmark, laid out like shared/data/accuracy) "
          + "instead of the HuggingFace hub; 'builtin:smoke' = the synthetic smoke data shipped with infermark (smoke presets).");
  public static final SettingKey<String> DATASET_REVISION = SettingKey.string("accuracy-dataset-revision", null,
      "Hub revision to use instead of every benchmark's pinned one (for mirrors and tests).");
  public static final SettingKey<String> LCB_RELEASE_TAG = SettingKey.string("accuracy-lcb-release-tag", "v4_v5",
      "LiveCodeBench release (release_vN, release_latest, vN, vA_vB); AIPerf's AIPERF_ACCURACY_LCB_RELEASE_TAG.");
  public static final SettingKey<String> PYTHON = SettingKey.string("accuracy-python", "python3",
      "Python executable the code_execution grader runs generated code with.");
  public static final SettingKey<Integer> CODE_MEMORY_MB = SettingKey.integer("accuracy-code-memory-mb", 2048,
      "Address-space limit (MiB) of each generated-code test process.");

  public static final SettingKey<String> MATH_COMPARE = SettingKey.string("accuracy-math-compare", "math_equal",
      "How the math grader compares answers: math_equal (the recipe's cascade) or stdlib-fallback (the reference "
          + "without sympy).");

  private static final List<SettingKey<?>> ALL = List.of(TASKS, N_SHOTS, ENABLE_COT, GRADER, SYSTEM_PROMPT, VERBOSE,
      DATA_DIR, DATASET_REVISION, LCB_RELEASE_TAG, PYTHON, CODE_MEMORY_MB, MATH_COMPARE);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
