package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.SloTier;
import dev.infermark.annotations.Workload;

/**
 * AA-AgentPerf for gpt-oss-120b at high reasoning effort: the most concurrent agents within each
 * of the seed's four tiers (P25 output speed / P95 TTFT: 100 tok/s &amp; 5 s, 250 &amp; 3, 500 &amp; 2, 2000 &amp; 1).
 */
@Scenario(name = "aa-agentperf-gpt-oss-120b",
    description = "AA-AgentPerf: most concurrent agents per SLO tier, gpt-oss-120b (high reasoning)")
@SloTier(name = "SLO #1", outputSpeed = 100, ttft = 5, minAgents = 1)
@SloTier(name = "SLO #2", outputSpeed = 250, ttft = 3, minAgents = 1)
@SloTier(name = "SLO #3", outputSpeed = 500, ttft = 2, minAgents = 1)
@SloTier(name = "SLO #4", outputSpeed = 2000, ttft = 1, minAgents = 1)
@Default(key = "extra-inputs", value = "reasoning_effort:high")
@AgentPerfSmoke
// A faster embedded simulator, so that the 2,000 tok/s tier has a capacity to search for in the smoke form.
@Default(preset = "smoke", key = "simulator-time-scale", value = "0.2")
public class AaAgentPerfGptOss120b {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.declaredTiers();
  }
}
