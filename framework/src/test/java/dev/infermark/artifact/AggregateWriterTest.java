package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.metrics.Goodput;
import dev.infermark.metrics.PhaseMetrics;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.metrics.Records;
import dev.infermark.metrics.Summary;
import tools.jackson.databind.JsonNode;
import dev.infermark.metrics.StudentT;

class AggregateWriterTest {
  @TempDir
  Path dir;

  @Test
  void studentTQuantilesMatchScipy() {
    // scipy.stats.t.ppf(0.975, df)
    assertThat(StudentT.quantile(0.975, 1)).isCloseTo(12.706204736174694, within(1e-9));
    assertThat(StudentT.quantile(0.975, 4)).isCloseTo(2.7764451051977934, within(1e-11));
    assertThat(StudentT.quantile(0.975, 9)).isCloseTo(2.262157162798205, within(1e-11));
    assertThat(StudentT.quantile(0.995, 2)).isCloseTo(9.924843200918287, within(1e-9));
    assertThat(StudentT.quantile(0.95, 30)).isCloseTo(1.697260886593957, within(1e-11));
  }

  @Test
  void confidenceInterval() {
    AggregateWriter.Aggregate a = AggregateWriter.aggregate(new double[] {1, 2, 3, 4, 5}, 0.95, "ms");
    assertThat(a.mean()).isEqualTo(3.0);
    assertThat(a.std()).isCloseTo(Math.sqrt(2.5), within(1e-15));
    assertThat(a.se()).isCloseTo(Math.sqrt(2.5) / Math.sqrt(5), within(1e-15));
    assertThat(a.ciLow()).isCloseTo(3 - 2.7764451051977934 * Math.sqrt(0.5), within(1e-10));
    assertThat(a.ciHigh()).isCloseTo(3 + 2.7764451051977934 * Math.sqrt(0.5), within(1e-10));
    assertThat(a.cv()).isCloseTo(Math.sqrt(2.5) / 3, within(1e-15));
    assertThatThrownBy(() -> AggregateWriter.aggregate(new double[] {1}, 0.95, "ms")).hasMessageContaining("at least 2");
  }

  @Test
  void writesAggregateFile() throws Exception {
    Summary a = summary(0);
    Summary b = summary(100_000_000L);
    Path f = AggregateWriter.write(dir, List.of(a, b), List.of("run_1", "run_2"), List.of("run_3"), 3, 0.95, Optional.empty());
    assertThat(f).isEqualTo(dir.resolve("aggregate/profile_export_aiperf_aggregate.json"));
    JsonNode j = Json.parse(Files.readString(f));
    JsonNode ttft = j.get("metrics").get("time_to_first_token");
    assertThat(ttft.get("mean").doubleValue()).isEqualTo(200.0);
    assertThat(ttft.get("std").doubleValue()).isZero();
    assertThat(ttft.get("unit").stringValue()).isEqualTo("ms");
    assertThat(j.get("metrics").has("time_to_first_token_p99")).isTrue();
    assertThat(j.get("metrics").get("request_count").get("mean").doubleValue()).isEqualTo(3.0);
    assertThat(j.get("metadata").get("num_successful_runs").intValue()).isEqualTo(2);
    assertThat(j.get("metadata").get("failed_runs").get(0).stringValue()).isEqualTo("run_3");
    assertThat(j.get("metadata").get("aggregation_type").stringValue()).isEqualTo("confidence");
  }

  private static Summary summary(long shift) {
    PhaseMetrics p = new PhaseMetrics(Phase.PROFILING.label(), Goodput.NONE);
    for (RequestRecord r : Records.reference()) {
      p.add(r, RecordMetrics.of(r));
    }
    return p.summary();
  }
}
