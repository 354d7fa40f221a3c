package dev.infermark.engine.invalid;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.Stat;
import dev.infermark.api.RunResult;

/** Runs, but one SLO names a metric of its own and one asks a run-wide metric per tier: both are worth a word. */
@Scenario(name = "doubtful-slo")
@Slo(custom = "my_own_score", min = 1)
@Slo(tier = "gold", metric = Metric.REQUEST_LATENCY, stat = Stat.P95, max = 1, unit = "s")
public class DoubtfulSloScenario {
  @Workload
  SelfPhased load() {
    return ctx -> RunResult.builder().value("my_own_score", 2, "").tierValue("gold", "request_latency", Stat.P95, 500, "ms").build();
  }
}
