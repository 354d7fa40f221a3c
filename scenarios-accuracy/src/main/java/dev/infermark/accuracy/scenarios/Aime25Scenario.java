package dev.infermark.accuracy.scenarios;

import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.SelfPhased;

/**
 * AIME 2025 (lighteval reference, zero-shot). Settings: {@code infermark.accuracy-*} (docs/accuracy.md); the
 * {@code smoke} preset grades a handful of problems of the built-in synthetic data ({@code builtin:smoke}),
 * offline. The SLO only requires that accuracy was measured (min 0): the right bar depends on the model, so set
 * your own with {@code @Slo(metric = Metric.ACCURACY, min = ...)} or per task with {@code tier = "<task>"}.
 */
@Scenario(name = "aime25", description = "AIME 2025 (lighteval reference, zero-shot)")
@Default(key = "accuracy-n-shots", value = "0")
@Default(key = "accuracy-enable-cot", value = "false")
@Default(key = "accuracy-grader", value = "lighteval_expr")
@AccuracySmoke
@Slo(metric = Metric.ACCURACY, min = 0.0, unit = "ratio", name = "accuracy is measured")
public class Aime25Scenario {
  @Workload
  public SelfPhased workload() {
    return AccuracyEval.of("aime25");
  }
}
