package dev.infermark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class MetricTest {
  @Test
  void everyMetricHasItsOwnTagInSnakeCaseAndIsFoundByIt() {
    assertThat(Arrays.stream(Metric.values()).filter(m -> m != Metric.CUSTOM).map(Metric::tag))
        .doesNotHaveDuplicates().allMatch(t -> t.matches("[a-z0-9]+(_[a-z0-9]+)*"));
    for (Metric m : Metric.values()) {
      if (m != Metric.CUSTOM) {
        assertThat(Metric.ofTag(m.tag())).contains(m);
        assertThat(m.name()).isEqualTo(m.tag().toUpperCase(java.util.Locale.ROOT));
      }
    }
    assertThat(Metric.ofTag("")).isEmpty();
    assertThat(Metric.ofTag("time_to_first_tokn")).isEmpty();
    assertThat(Metric.TIME_TO_FIRST_TOKEN.unit()).isEqualTo("ms");
    assertThat(Metric.TIME_TO_FIRST_TOKEN.distribution()).isTrue();
    assertThat(Metric.SUPPORTED_AGENTS.distribution()).isFalse();
  }

  @Test
  void theHarnessMetricsAreDefinedHereAndAMethodologysOnlyNamed() {
    assertThat(Metric.TIME_TO_FIRST_TOKEN.header()).isEqualTo("Time to First Token");
    assertThat(Metric.TIME_TO_FIRST_TOKEN.largerIsBetter()).isFalse();
    assertThat(Metric.OUTPUT_TOKEN_THROUGHPUT.largerIsBetter()).isTrue();
    for (Metric m : Metric.values()) {
      if (m.defined()) {
        assertThat(m.header()).as(m.tag()).isNotBlank();
      } else {
        assertThat(m.header() + m.unit()).as(m.tag()).isEmpty();
      }
    }
    assertThat(Metric.TREES_PLAYED.defined()).isFalse();
    assertThat(Metric.CUSTOM.defined()).isFalse();
    // reporting a metric the enum only names needs its unit from its definition
    assertThatThrownBy(() -> RunResult.builder().value(Metric.TREES_PLAYED, 3))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Metric.TREES_PLAYED only names a metric");
    assertThat(RunResult.builder().value(Metric.REQUEST_COUNT, 3).build().unit("", "request_count", Stat.VALUE))
        .isEqualTo("requests");
  }

  @Test
  void statsAreNamedAsAiperfNamesThem() {
    assertThat(Arrays.stream(Stat.values()).map(Stat::label)).containsExactly("avg", "min", "max", "std", "p1", "p5",
        "p10", "p25", "p50", "p75", "p90", "p95", "p99", "count", "value");
    assertThat(Stat.of("P95")).isEqualTo(Stat.P95);
    assertThatThrownBy(() -> Stat.of("p96")).hasMessageContaining("unknown statistic 'p96'").hasMessageContaining("p95");
  }
}
