package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.Stat;

/**
 * AA-AgentPerf for gpt-oss-120b at high reasoning effort: the most concurrent agents within each
 * of the seed's four tiers (P25 output speed / P95 TTFT: 100 tok/s &amp; 5 s, 250 &amp; 3, 500 &amp; 2, 2000 &amp; 1).
 */
@Scenario(name = "aa-agentperf-gpt-oss-120b",
    description = "AA-AgentPerf: most concurrent agents per SLO tier, gpt-oss-120b (high reasoning)")
@Slo(tier = "SLO #1", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 100)
@Slo(tier = "SLO #1", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 5, unit = "s")
@Slo(tier = "SLO #1", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Slo(tier = "SLO #2", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 250)
@Slo(tier = "SLO #2", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 3, unit = "s")
@Slo(tier = "SLO #2", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Slo(tier = "SLO #3", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 500)
@Slo(tier = "SLO #3", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 2, unit = "s")
@Slo(tier = "SLO #3", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Slo(tier = "SLO #4", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 2000)
@Slo(tier = "SLO #4", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 1, unit = "s")
@Slo(tier = "SLO #4", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Default(key = "extra-inputs", value = "reasoning_effort:high")
@AgentPerfSmoke
// A faster embedded simulator, so that the 2,000 tok/s tier has a capacity to search for in the smoke form.
@Default(preset = "smoke", key = "simulator-time-scale", value = "0.2")
public class AaAgentPerfGptOss120b {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.forScenario(AaAgentPerfGptOss120b.class);
  }
}
