package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.Stat;

/**
 * AA-AgentPerf for DeepSeek V4 Pro at max reasoning effort: the most concurrent agents within
 * each of the seed's three tiers (P25 output speed / P95 TTFT: 20 tok/s &amp; 10 s, 60 &amp; 5, 180 &amp; 3).
 */
@Scenario(name = "aa-agentperf-deepseek-v4-pro",
    description = "AA-AgentPerf: most concurrent agents per SLO tier, DeepSeek V4 Pro (max reasoning)")
@Slo(tier = "SLO #1", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 20)
@Slo(tier = "SLO #1", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 10, unit = "s")
@Slo(tier = "SLO #1", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Slo(tier = "SLO #2", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 60)
@Slo(tier = "SLO #2", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 5, unit = "s")
@Slo(tier = "SLO #2", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Slo(tier = "SLO #3", metric = Metric.OUTPUT_SPEED, stat = Stat.P25, min = 180)
@Slo(tier = "SLO #3", metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 3, unit = "s")
@Slo(tier = "SLO #3", metric = Metric.SUPPORTED_AGENTS, min = 1)
@Default(key = "extra-inputs", value = "reasoning_effort:max")
@AgentPerfSmoke
public class AaAgentPerfDeepSeekV4Pro {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.forScenario(AaAgentPerfDeepSeekV4Pro.class);
  }
}
