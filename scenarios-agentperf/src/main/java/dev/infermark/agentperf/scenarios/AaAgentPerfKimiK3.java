package dev.infermark.agentperf.scenarios;

import dev.infermark.agentperf.AgentPerf;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;

/**
 * AA-AgentPerf for Kimi K3 at max reasoning effort. The methodology sets no SLO tiers for it and
 * tests "a new configuration focused on the full Pareto frontier": agents ramped over a range
 * ({@code agentperf-pareto-agents}, else start × growth factor up to the most agents), each phase under
 * the steady-state rules, and the frontier of output throughput per accelerator (and per MW with a
 * power sampler) against each agent's P25 E2E speed.
 */
@Scenario(name = "aa-agentperf-kimi-k3",
    description = "AA-AgentPerf: the Pareto frontier of throughput per accelerator against P25 E2E speed, Kimi K3 (max reasoning)")
@Default(key = "agentperf-mode", value = "pareto")
@Default(key = "extra-inputs", value = "reasoning_effort:max")
@AgentPerfSmoke
@Default(preset = "smoke", key = "agentperf-pareto-agents", value = "1,2,4,8")
public class AaAgentPerfKimiK3 {
  @Workload
  AgentPerf agentPerf() {
    return AgentPerf.paretoScenario();
  }
}
