package dev.infermark.engine.invalid;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.run.LoadGenerator;
import dev.infermark.run.RunResult;

/** SLOs with a misspelt metric, an unknown statistic, a statistic of a single value and a unit that does not fit. */
@Scenario(name = "bad-slo")
@Slo(metric = "time_to_frist_token", stat = "p95", max = 1)
@Slo(metric = "time_to_first_token", stat = "mean", max = 1)
@Slo(metric = "request_throughput", stat = "p95", min = 1)
@Slo(metric = "time_to_first_token", stat = "p95", max = 1, unit = "tokens")
@Slo(metric = "accuracy", min = 0.9, max = 0.5)
public class BadSloScenario {
  @Workload
  LoadGenerator load() {
    return ctx -> new RunResult();
  }
}
