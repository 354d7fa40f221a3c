package dev.infermark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RunResultTest {
  @Test
  void valuesAreTypedByTierMetricAndStatAndATierNeverBorrowsTheRunWideValue() {
    RunResult r = RunResult.builder().metric(Metric.TIME_TO_FIRST_TOKEN, Stat.P95, 120)
        .tierValue("SLO #1", "supported_agents", Stat.VALUE, 48, "agents").build();
    assertThat(r.lookup(Metric.TIME_TO_FIRST_TOKEN, Stat.P95)).hasValue(120);
    assertThat(r.unit("", "time_to_first_token", Stat.P95)).isEqualTo("ms");
    assertThat(r.lookup("SLO #1", "time_to_first_token", Stat.P95)).isEmpty();
    assertThat(r.lookup("", "supported_agents", Stat.VALUE)).isEmpty();
    assertThat(r.lookup("SLO #1", "supported_agents", Stat.VALUE)).hasValue(48);
    assertThat(r.values().keySet()).extracting(RunResult.Key::toString)
        .containsExactly("time_to_first_token:p95", "SLO #1/supported_agents:value");
  }

  @Test
  void notMeasuredIsAbsentAndTheLastPutWins() {
    RunResult r = RunResult.builder().value("accuracy", Double.NaN, "ratio").value("score", 1, "").value("score", 2, "").build();
    assertThat(r.lookup("", "accuracy", Stat.VALUE)).isEmpty();
    assertThat(r.values()).hasSize(1);
    assertThat(r.lookup("", "score", Stat.VALUE)).hasValue(2);
  }

  @Test
  void aResultIsImmutableAndToBuilderCopies() {
    RunResult r = RunResult.builder().value("score", 1, "").consoleLine("line").reportEntry("k", "v").headline("g", "n", "v").build();
    RunResult more = r.toBuilder().value("score", 3, "").value("other", 4, "").consoleLine("line 2").build();
    assertThat(r.lookup("", "score", Stat.VALUE)).hasValue(1);
    assertThat(r.values()).hasSize(1);
    assertThat(r.consoleLines()).containsExactly("line");
    assertThat(more.lookup("", "score", Stat.VALUE)).hasValue(3);
    assertThat(more.consoleLines()).containsExactly("line", "line 2");
    assertThat(more.headlines()).containsExactly(new RunResult.Headline("g", "n", "v"));
    assertThatThrownBy(() -> r.values().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> r.consoleLines().add("x")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> r.reportEntries().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(RunResult.empty().values()).isEmpty();
  }

  @Test
  void aValueNeedsAMetricName() {
    assertThatThrownBy(() -> RunResult.builder().value(" ", 1, "")).hasMessageContaining("metric name");
  }
}
