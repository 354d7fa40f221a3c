package dev.infermark.accuracy.scenarios;

import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.SelfPhased;

/**
 * MMLU-Pro (14 categories, 5-shot CoT, TIGER-AI-Lab parity). Settings: {@code infermark.accuracy-*}
 * (docs/accuracy.md); the {@code smoke} preset grades a handful of problems of the built-in synthetic data
 * ({@code builtin:smoke}), offline. The SLO only requires that accuracy was measured (min 0): the right bar
 * depends on the model, so set your own with {@code @Slo(metric = Metric.ACCURACY, min = ...)} or per task with
 * {@code tier = "<task>"}.
 */
@Scenario(name = "mmlu_pro", description = "MMLU-Pro (14 categories, 5-shot CoT, TIGER-AI-Lab parity)")
@Default(key = "accuracy-n-shots", value = "5")
@Default(key = "accuracy-enable-cot", value = "true")
@Default(key = "accuracy-grader", value = "mmlu_pro")
@AccuracySmoke
@Default(preset = "smoke", key = "accuracy-tasks", value = "math")
@Default(preset = "smoke", key = "request-count", value = "5")
@Slo(metric = Metric.ACCURACY, min = 0.0, unit = "ratio", name = "accuracy is measured")
public class MmluProScenario {
  @Workload
  public SelfPhased workload() {
    return AccuracyEval.of("mmlu_pro");
  }
}
