package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Warmup;
import dev.infermark.annotations.Workload;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.Stat;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.slo.SloSpec;

/** {@code @Warmup}/{@code @Measurement} have one meaning; {@code @Slo} names its metric one way. */
class PhaseRulesTest {
  @Scenario
  @Measurement(duration = "10m")
  static class SelfPhasedWithMeasurement {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario
  @Warmup(requests = 3)
  static class SelfPhasedBehindLoadGenerator {
    @Workload
    LoadGenerator load() {
      return (SelfPhased) ctx -> RunResult.empty();
    }
  }

  @Scenario
  @Warmup(requests = 3)
  @Measurement(requests = 10)
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 2)
  @Slo(custom = "my_score", min = 1)
  static class ClosedLoopWithPhases {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario
  @Slo(min = 1)
  static class SloWithoutMetric {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario
  @Slo(custom = "time_to_first_token", stat = Stat.P95, max = 1)
  static class CustomThatIsKnown {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Test
  void aSelfPhasedWorkloadRejectsTheHarnessPhaseAnnotationsAtDiscovery() {
    assertThatThrownBy(() -> ScenarioModel.of(SelfPhasedWithMeasurement.class)).isInstanceOf(InvalidScenarioException.class)
        .hasMessageContaining("@Measurement sets the phases of a closed-loop workload")
        .hasMessageContaining("is SelfPhased: it runs its own phases from its own settings");
  }

  @Test
  void aSelfPhasedWorkloadDeclaredAsLoadGeneratorIsRejectedWhenBuilt() {
    ScenarioModel m = ScenarioModel.of(SelfPhasedBehindLoadGenerator.class);
    assertThat(m.selfPhased()).isFalse();
    assertThatThrownBy(() -> m.checkPhases((SelfPhased) ctx -> RunResult.empty()))
        .hasMessageContaining("@Warmup sets the phases of a closed-loop workload");
    m.checkPhases(Conversations.repeat(Turn.user("x")));
  }

  @Test
  void aClosedLoopTakesItsPhasesFromTheAnnotationsAndSlosNameTheirMetric() {
    ScenarioModel m = ScenarioModel.of(ClosedLoopWithPhases.class);
    assertThat(m.defaults()).containsEntry("warmup-request-count", "3").containsEntry("request-count", "10");
    assertThat(m.slos()).extracting(SloSpec::metric, SloSpec::stat)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("time_to_first_token", "p95"),
            org.assertj.core.groups.Tuple.tuple("my_score", "value"));
    assertThatThrownBy(() -> ScenarioModel.of(SloWithoutMetric.class))
        .hasMessageContaining("@Slo needs a metric (metric = Metric.X) or a result of the scenario's own");
    assertThatThrownBy(() -> ScenarioModel.of(CustomThatIsKnown.class))
        .hasMessageContaining("@Slo(custom = \"time_to_first_token\") is a known metric: write metric = Metric.TIME_TO_FIRST_TOKEN");
  }
}
