package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.SloTier;
import dev.infermark.annotations.Workload;

/**
 * AA-AgentPerf for DeepSeek V4 Pro at max reasoning effort: the most concurrent agents within
 * each of the seed's three tiers (P25 output speed / P95 TTFT: 20 tok/s &amp; 10 s, 60 &amp; 5, 180 &amp; 3).
 */
@Scenario(name = "aa-agentperf-deepseek-v4-pro",
    description = "AA-AgentPerf: most concurrent agents per SLO tier, DeepSeek V4 Pro (max reasoning)")
@SloTier(name = "SLO #1", outputSpeed = 20, ttft = 10, minAgents = 1)
@SloTier(name = "SLO #2", outputSpeed = 60, ttft = 5, minAgents = 1)
@SloTier(name = "SLO #3", outputSpeed = 180, ttft = 3, minAgents = 1)
@Default(key = "extra-inputs", value = "reasoning_effort:max")
@AgentPerfSmoke
public class AaAgentPerfDeepSeekV4Pro {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.declaredTiers();
  }
}
