package dev.infermark.slo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.metrics.Goodput;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.PhaseMetrics;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.metrics.Summary;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.slo.SloNames;

/** The SLO vocabulary says of every AIPerf metric what the metrics code reports: a distribution or one value. */
class SloNamesTest {
  @Test
  void everyAiperfMetricIsADistributionOrAValueAsPhaseMetricsReportsIt() {
    PhaseMetrics p = new PhaseMetrics("profiling", Goodput.parse(java.util.List.of("time_to_first_token:250")));
    for (RequestRecord r : dev.infermark.metrics.Records.reference()) {
      p.add(r, RecordMetrics.of(r));
    }
    Summary s = p.summary();
    int checked = 0;
    for (MetricValue m : s.metrics()) {
      assertThat(SloNames.metric(m.tag())).as(m.tag() + " is known to the SLO check").isPresent();
      assertThat(SloNames.metric(m.tag()).orElseThrow().distribution()).as(m.tag() + " is a distribution")
          .isEqualTo(m instanceof MetricValue.Distribution);
      checked++;
    }
    assertThat(checked).isGreaterThan(15);
    for (String tag : MetricDefs.tags()) {
      assertThat(SloNames.metric(tag)).as(tag).isPresent();
    }
  }

  @Test
  void statisticsArePercentilesAndTheAiperfNames() {
    assertThat(SloNames.isStat("p95")).isTrue();
    assertThat(SloNames.isStat("p99.9")).isTrue();
    assertThat(SloNames.isStat("value")).isTrue();
    assertThat(SloNames.isStat("p100")).isFalse();
    assertThat(SloNames.isStat("mean")).isFalse();
  }
}
