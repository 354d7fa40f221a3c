package dev.infermark.slo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.slo.SloSpec;

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

  @Test
  void agentPerfsSpeedNamesAndAiperfsReadTheSameMeasure() {
    // a chat run reports output_token_throughput_per_user per run; AgentPerf output_speed per tier: one meaning
    RunResult perRun = RunResult.builder().metric("output_token_throughput_per_user", Stat.P25, 40, "tokens/sec/user")
        .metric("e2e_output_token_throughput", Stat.P25, 30, "tokens/sec/user").build();
    RunResult perTier = RunResult.builder().tierValue("SLO #1", "output_speed", Stat.P25, 40, "tokens/sec")
        .tierValue("SLO #1", "e2e_speed", Stat.P25, 30, "tokens/sec").build();
    SloSpec agentPerfName = new SloSpec("output_speed", "p25", 20, Double.NaN, "", "", "");
    assertThat(agentPerfName.evaluate(perRun).message()).isEqualTo(
        "p25 output_speed >= 20: measured 40 tokens/sec/user, within >= 20 tokens/sec/user");
    SloSpec aiperfName = new SloSpec("output_token_throughput_per_user", "p25", 20, Double.NaN, "", "SLO #1", "");
    assertThat(aiperfName.evaluate(perTier).passed()).isTrue();
    assertThat(new SloSpec("e2e_speed", "p25", 31, Double.NaN, "", "", "").evaluate(perRun).passed()).isFalse();
    assertThat(new SloSpec("e2e_output_token_throughput", "p25", 29, Double.NaN, "", "SLO #1", "").evaluate(perTier)
        .passed()).isTrue();
    assertThat(SloNames.metric("output_speed").orElseThrow().perRun()).isTrue();
  }

  @Test
  void aGoodputSloThatFindsNoGoodputSaysWhichSettingMeasuresIt() {
    SloSpec slo = new SloSpec("good_request_fraction", "value", 0.9, Double.NaN, "", "", "");
    assertThat(slo.evaluate(RunResult.empty()).message()).contains("not measured").contains("infermark.goodput");
    assertThat(slo.evaluate(RunResult.builder().value("good_request_fraction", 0.95, "ratio").build()).passed()).isTrue();
  }
}
