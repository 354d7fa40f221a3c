package dev.infermark.accuracy.scenarios;

import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.SelfPhased;

/**
 * MMLU (57 subjects, 5-shot, lighteval parity). Settings: {@code infermark.accuracy-*} (docs/accuracy.md); the
 * {@code smoke} preset grades a handful of problems of the built-in synthetic data ({@code builtin:smoke}),
 * offline. The SLO only requires that accuracy was measured (min 0): the right bar depends on the model, so set
 * your own with {@code @Slo(metric = Metric.ACCURACY, min = ...)} or per task with {@code tier = "<task>"}.
 */
@Scenario(name = "mmlu", description = "MMLU (57 subjects, 5-shot, lighteval parity)")
@Default(key = "accuracy-n-shots", value = "5")
@Default(key = "accuracy-enable-cot", value = "false")
@Default(key = "accuracy-grader", value = "multiple_choice")
@AccuracySmoke
@Default(preset = "smoke", key = "accuracy-tasks", value = "abstract_algebra")
@Default(preset = "smoke", key = "request-count", value = "8")
@Slo(metric = Metric.ACCURACY, min = 0.0, unit = "ratio", name = "accuracy is measured")
public class MmluScenario {
  @Workload
  public SelfPhased workload() {
    return AccuracyEval.of("mmlu");
  }
}
