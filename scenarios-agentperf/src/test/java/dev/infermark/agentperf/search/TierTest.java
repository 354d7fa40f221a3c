package dev.infermark.agentperf.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.scenarios.AaAgentPerfDeepSeekV4Pro;
import dev.infermark.agentperf.scenarios.AaAgentPerfGptOss120b;

class TierTest {
  static PhaseResult phase(int agents, double[] speeds, double[] ttftMs, int errors, boolean complete) {
    PhaseStats stats = new PhaseStats(speeds.length + errors, errors, ttftMs, speeds, speeds, 1000, 10);
    return new PhaseResult(1, agents, "0 1\n", new GateStatus(30, 3, 1, true, true, true), complete, 600, 100, 0, stats, null, null, 700);
  }

  @Test
  void shippedScenariosCarryTheSeedsTiers() {
    List<Tier> ds = Tier.fromSlos(dev.infermark.scenario.ScenarioModel.of(AaAgentPerfDeepSeekV4Pro.class).slos());
    assertThat(ds).extracting(Tier::name).containsExactly("SLO #1", "SLO #2", "SLO #3");
    assertThat(ds.get(0).criteria()).containsExactly(Criterion.minOutputSpeed(20), Criterion.maxTtftSeconds(10));
    assertThat(ds.get(1).criteria()).containsExactly(Criterion.minOutputSpeed(60), Criterion.maxTtftSeconds(5));
    assertThat(ds.get(2).criteria()).containsExactly(Criterion.minOutputSpeed(180), Criterion.maxTtftSeconds(3));
    assertThat(ds.get(0).minSupportedAgents()).isEqualTo(1);
    List<Tier> oss = Tier.fromSlos(dev.infermark.scenario.ScenarioModel.of(AaAgentPerfGptOss120b.class).slos());
    assertThat(oss).hasSize(4);
    assertThat(oss.get(3).criteria()).containsExactly(Criterion.minOutputSpeed(2000), Criterion.maxTtftSeconds(1));
  }

  @Test
  void tiersFromTheSetting() {
    List<Tier> t = Tier.fromSpec(List.of("20:10", "60:5"), "infermark.agentperf-tiers");
    assertThat(t).extracting(Tier::name).containsExactly("SLO #1", "SLO #2");
    assertThat(t.get(1).criteria()).containsExactly(Criterion.minOutputSpeed(60), Criterion.maxTtftSeconds(5));
    assertThatThrownBy(() -> Tier.fromSpec(List.of("20/10"), "infermark.agentperf-tiers"))
        .hasMessageContaining("infermark.agentperf-tiers: '20/10' is not SPEED:TTFT");
    assertThatThrownBy(() -> Tier.fromSpec(List.of(), "infermark.agentperf-tiers")).hasMessageContaining("is empty");
  }

  @Test
  void aPhasePassesOnlyWhenCompleteWithinErrorsAndObjectives() {
    Tier t = Tier.fromSpec(List.of("20:2"), "x").get(0);
    double[] speeds = {10, 25, 30, 40}; // p25 = 21.25
    double[] ttft = {100, 200, 300, 1900}; // p95 = 1645 ms
    assertThat(t.violation(phase(4, speeds, ttft, 0, true), 0.01)).isNull();
    assertThat(t.violation(phase(4, speeds, ttft, 0, false), 0.01)).startsWith("phase incomplete");
    assertThat(t.violation(phase(4, speeds, ttft, 1, true), 0.01)).startsWith("error rate 0.2000");
    assertThat(t.violation(phase(4, new double[] {10, 12, 30, 40}, ttft, 0, true), 0.01))
        .isEqualTo("p25 output_speed >= 20: 11.500 < 20");
    assertThat(t.violation(phase(4, speeds, new double[] {100, 200, 300, 9000}, 0, true), 0.01))
        .isEqualTo("p95 time_to_first_token <= 2 s: 7.695 > 2");
    assertThat(t.violation(phase(4, new double[0], new double[0], 0, true), 0.01)).isEqualTo("no request in the steady-state window");
  }
}
