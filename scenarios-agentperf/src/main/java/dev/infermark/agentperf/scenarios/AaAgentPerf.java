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
@Default(preset = "smoke", key = "agentperf-synthetic-trajectories", value = "64")
@Default(preset = "smoke", key = "agentperf-synthetic-turns-median", value = "3")
@Default(preset = "smoke", key = "agentperf-synthetic-turns-max", value = "4")
@Default(preset = "smoke", key = "agentperf-max-context", value = "8192")
@Default(preset = "smoke", key = "agentperf-max-start-offset", value = "1")
@Default(preset = "smoke", key = "agentperf-tool-delay-scale", value = "0.05")
@Default(preset = "smoke", key = "agentperf-min-trajectories", value = "4")
@Default(preset = "smoke", key = "agentperf-min-trajectories-per-agent", value = "1")
@Default(preset = "smoke", key = "agentperf-steady-duration", value = "3s")
@Default(preset = "smoke", key = "agentperf-settle-time", value = "1s")
@Default(preset = "smoke", key = "agentperf-phase-timeout", value = "30s")
@Default(preset = "smoke", key = "agentperf-max-agents", value = "16")
public class AaAgentPerf {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.fromTierSetting();
  }
}
