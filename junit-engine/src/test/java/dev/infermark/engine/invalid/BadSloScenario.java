package dev.infermark.engine.invalid;

import static dev.infermark.api.Metric.ACCURACY;
import static dev.infermark.api.Metric.REQUEST_THROUGHPUT;
import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P95;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.SelfPhased;

/**
 * SLOs with a misspelt custom metric, a distribution without a statistic, a statistic of a single
 * value, a unit that does not fit and bounds that can never pass (a misspelt constant or statistic
 * does not compile).
 */
@Scenario(name = "bad-slo")
@Slo(custom = "time_to_frist_token", stat = P95, max = 1)
@Slo(metric = TIME_TO_FIRST_TOKEN, max = 1)
@Slo(metric = REQUEST_THROUGHPUT, stat = P95, min = 1)
@Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 1, unit = "tokens")
@Slo(metric = ACCURACY, min = 0.9, max = 0.5)
public class BadSloScenario {
  @Workload
  SelfPhased load() {
    return ctx -> RunResult.empty();
  }
}
