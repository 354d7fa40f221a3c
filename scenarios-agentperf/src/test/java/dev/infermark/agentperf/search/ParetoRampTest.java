package dev.infermark.agentperf.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.agentperf.results.AgentPerfReport;
import dev.infermark.agentperf.results.PhasesTable;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** AA-AgentPerf's Pareto-frontier configuration: the ramp of phases and the frontier in agentperf_results.json. */
class ParetoRampTest {
  /**
   * A deployment that saturates at 16 agents: each agent's E2E speed is {@code e2e}, the system's
   * output {@code throughput}, power 100 W per agent up to 16.
   */
  static PhaseResult phase(int index, int agents, double e2e, double throughput, boolean complete) {
    PhaseStats stats = new PhaseStats(10, 0, new double[] {100, 100}, new double[] {e2e, e2e}, new double[] {e2e, e2e},
        (long) (throughput * 10), 10);
    double watts = 100.0 * Math.min(agents, 16);
    return new PhaseResult(index, agents, "1 2 3\nPerformance replay cache namespace. Ignore the digits above.\n\n",
        new GateStatus(30, 3, 600_000_000_000L, complete, complete, complete), complete, 600, 1000, 0, stats, null,
        new PowerSummary(5, 2, watts, watts, new java.util.TreeMap<>(Map.of("0", watts / 2, "1", watts / 2))), 700);
  }

  @Test
  void theRampGrowsByTheFactorToTheMostAgentsOrFollowsTheList() {
    assertThat(ParetoRamp.counts(null, 1, 2, 20, "s")).containsExactly(1, 2, 4, 8, 16, 20);
    assertThat(ParetoRamp.counts(List.of(), 3, 1.5, 10, "s")).containsExactly(3, 5, 8, 10);
    assertThat(ParetoRamp.counts(List.of(8, 1, 4, 4), 1, 2, 2, "s")).containsExactly(1, 4, 8);
    assertThatThrownBy(() -> ParetoRamp.counts(List.of(0), 1, 2, 2, "infermark.agentperf-pareto-agents"))
        .hasMessage("infermark.agentperf-pareto-agents: agent counts must be positive, got 0");
  }

  @Test
  void everyPhaseRunsUnderTheRulesAndTheFrontierLeavesOutTheSaturatedOnes() throws Exception {
    // E2E speed falls with agents; throughput rises until 16, then flat (32) and lower (64).
    double[][] curve = {{1, 100, 100}, {2, 95, 190}, {4, 90, 360}, {8, 80, 640}, {16, 60, 960}, {32, 30, 960}, {64, 14, 900}};
    List<Integer> ran = new ArrayList<>();
    ParetoRamp ramp = new ParetoRamp(List.of(), 0.01, ParetoRamp.counts(null, 1, 2, 64, "s"), (i, n) -> {
      ran.add(n);
      double[] c = java.util.Arrays.stream(curve).filter(x -> x[0] == n).findFirst().orElseThrow();
      return phase(i, n, c[1], c[2], true);
    }, () -> false).run();
    assertThat(ran).containsExactly(1, 2, 4, 8, 16, 32, 64);
    assertThat(ramp.finished()).isTrue();
    ParetoFrontier f = ParetoFrontier.of(ramp.phases(), 8, ramp.stopped());
    assertThat(f.frontierAgents()).containsExactly(1, 2, 4, 8, 16);
    assertThat(f.perAccelerator()).isTrue();
    assertThat(f.perMw()).isTrue();

    AgentPerfReport report = new AgentPerfReport("aa-agentperf-kimi-k3", "m", 1, "syn", 500, Map.of(), 8, "nvidia-smi: fake", 0,
        null, ramp.phases(), ramp.verdicts(), List.of(), ramp.finished(), f);
    JsonNode json = Json.MAPPER.valueToTree(ResultsJson.of(report));
    JsonNode pareto = json.path("pareto");
    assertThat(pareto.path("x").asString()).isEqualTo("p25_e2e_speed");
    assertThat(pareto.path("y").asString()).isEqualTo("output_throughput_per_accelerator");
    assertThat(pareto.path("y_per_mw").asString()).isEqualTo("output_throughput_per_mw");
    JsonNode p16 = pareto.path("points").get(4);
    assertThat(p16.path("agents").asInt()).isEqualTo(16);
    assertThat(p16.path("output_throughput_per_accelerator").asDouble()).isEqualTo(120.0);
    // 960 tokens/s at 1,600 W: 600,000 tokens/s per MW
    assertThat(p16.path("output_throughput_per_mw").asDouble()).isEqualTo(600_000.0);
    assertThat(p16.path("frontier").asBoolean()).isTrue();
    assertThat(pareto.path("points").get(5).path("frontier").asBoolean()).isFalse();
    assertThat(json.path("tiers").isEmpty()).isTrue();
    assertThat(PhasesTable.lines(report)).contains("Pareto frontier (output tok/s per accelerator against P25 E2E speed per "
        + "agent): 1 agents, 2 agents, 4 agents, 8 agents, 16 agents");
  }

  @Test
  void anIncompletePhaseEndsTheRampAndIsNeverOnTheFrontier() throws Exception {
    ParetoRamp ramp = new ParetoRamp(List.of(), 0.01, List.of(1, 2, 4, 8), (i, n) -> phase(i, n, 100.0 / n, 100.0 * n, n < 4),
        () -> false).run();
    assertThat(ramp.phases()).hasSize(3);
    assertThat(ramp.stopped()).startsWith("the phase at 4 agents did not meet its gates");
    ParetoFrontier f = ParetoFrontier.of(ramp.phases(), null, ramp.stopped());
    assertThat(f.frontierAgents()).containsExactly(1, 2);
    assertThat(f.perAccelerator()).isFalse();
    JsonNode json = Json.MAPPER.valueToTree(ResultsJson.of(new AgentPerfReport("k", "m", 1, "syn", 5, Map.of(), null, "none",
        0, null, ramp.phases(), ramp.verdicts(), List.of(), ramp.finished(), f)));
    assertThat(json.path("pareto").path("y").asString()).isEqualTo("output_throughput");
    assertThat(json.path("pareto").path("stopped").asString()).contains("4 agents");
  }
}
