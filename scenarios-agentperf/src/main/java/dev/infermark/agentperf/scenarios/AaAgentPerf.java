package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;

/**
 * AA-AgentPerf with tiers from {@code infermark.agentperf-tiers} ({@code SPEED:TTFT} pairs, e.g.
 * {@code 20:10,60:5}): for models without a shipped scenario.
 */
@Scenario(name = "aa-agentperf",
    description = "AA-AgentPerf: most concurrent agents per SLO tier, tiers from infermark.agentperf-tiers")
@Default(preset = "smoke", key = "agentperf-tiers", value = "20:10,60:5")
@AgentPerfSmoke
public class AaAgentPerf {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.fromTierSetting();
  }
}
