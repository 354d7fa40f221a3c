package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.api.Metric;

/** Every AIPerf metric the framework reports can be named in an {@code @Slo} ({@code Metric}), with its unit. */
class MetricNamesTest {
  @Test
  void everyReportedAiperfMetricIsAMetricConstantWithTheSameUnit() {
    for (String tag : MetricDefs.tags()) {
      assertThat(Metric.ofTag(tag)).as("dev.infermark.api.Metric has no constant for %s: add it", tag).isPresent();
      assertThat(Metric.ofTag(tag).orElseThrow().unit()).as(tag).isEqualTo(MetricDefs.get(tag).unit());
    }
  }
}
