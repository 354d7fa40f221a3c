package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.api.Metric;
import dev.infermark.metrics.catalog.MetricCatalogs;

/**
 * With every module on the class path (this one sees them all), each metric is defined exactly once: the lookup
 * fails on a tag two definitions share, and every metric the API's {@link Metric} names is defined, the harness's
 * by the enum and a built-in methodology's by its module's catalog.
 */
class MetricDefinitionsTest {
  @Test
  void everyMetricTheApiNamesIsDefinedOnce() {
    MetricCatalogs all = MetricCatalogs.load(getClass().getClassLoader());
    for (Metric m : Metric.values()) {
      if (m != Metric.CUSTOM) {
        assertThat(all.get(m.tag())).as("a definition of %s (a MetricCatalog of its module)", m.tag()).isPresent();
      }
    }
    assertThat(all.get(Metric.TREES_PLAYED.tag()).orElseThrow().unit()).isEqualTo("trees");
    assertThat(all.get(Metric.DISPATCH_LATENESS.tag()).orElseThrow().distribution()).isTrue();
    assertThat(all.get(Metric.SUPPORTED_AGENTS.tag()).orElseThrow().perRun()).isFalse();
    assertThat(all.get(Metric.ACCURACY.tag()).orElseThrow().perTier()).isTrue();
    // AA-AgentPerf reports the harness's decode speed per tier too
    assertThat(all.get(Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag()).orElseThrow().perTier()).isTrue();
  }
}
