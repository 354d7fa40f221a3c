package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;

class SloSpecTest {
  @Test
  void convertsSecondsBoundsToMillisecondResults() {
    SloSpec slo = new SloSpec("time_to_first_token", "p95", Double.NaN, 2, "s", "", "");
    RunResult r = RunResult.builder().metric("time_to_first_token", Stat.P95, 1500, "ms").build();
    SloSpec.Outcome o = slo.evaluate(r);
    assertThat(o.passed()).isTrue();
    assertThat(o.message()).isEqualTo("p95 time_to_first_token <= 2 s: measured 1.5 s, within <= 2 s");
    assertThat(slo.evaluate(RunResult.builder().metric("time_to_first_token", Stat.P95, 2500, "ms").build()).passed()).isFalse();
  }

  @Test
  void boundsAreInclusiveAndUnmeasuredFails() {
    SloSpec slo = new SloSpec("accuracy", "value", 0.6, Double.NaN, "", "", "");
    assertThat(slo.evaluate(RunResult.builder().value("accuracy", 0.6, "").build()).passed()).isTrue();
    assertThat(slo.evaluate(RunResult.builder().value("accuracy", 0.59, "").build()).passed()).isFalse();
    SloSpec.Outcome missing = slo.evaluate(RunResult.empty());
    assertThat(missing.passed()).isFalse();
    assertThat(missing.message()).contains("not measured");
  }

  @Test
  void anUnmeasuredSloStillHasItsMetricsUnitAndThreshold() {
    SloSpec speed = new SloSpec("output_token_throughput_per_user", "p25", 5, Double.NaN, "", "", "");
    var r = speed.result(RunResult.empty());
    assertThat(r.measured()).isEmpty();
    assertThat(r.unit()).isEqualTo("tokens/sec/user");
    assertThat(r.thresholdWithUnit()).isEqualTo(">= 5 tokens/sec/user");
    SloSpec agentperf = new SloSpec("output_speed", "p25", 20, Double.NaN, "", "SLO #1", "");
    assertThat(agentperf.result(RunResult.empty()).thresholdWithUnit()).isEqualTo(">= 20 tokens/sec");
  }

  @Test
  void tierValuesAreTheTiersOwn() {
    SloSpec tier = new SloSpec("supported_agents", "value", 32, Double.NaN, "", "SLO #1", "");
    assertThat(tier.displayName()).isEqualTo("[SLO #1] supported_agents >= 32");
    assertThat(tier.evaluate(RunResult.builder().tierValue("SLO #1", "supported_agents", Stat.VALUE, 48, "agents").build()).message())
        .isEqualTo("[SLO #1] supported_agents >= 32: measured 48 agents, within >= 32 agents");
    assertThat(tier.evaluate(RunResult.builder().tierValue("SLO #2", "supported_agents", Stat.VALUE, 48, "agents").build()).passed()).isFalse();
    assertThat(tier.evaluate(RunResult.builder().value("supported_agents", 48, "agents").build()).passed()).isFalse();
  }
}
