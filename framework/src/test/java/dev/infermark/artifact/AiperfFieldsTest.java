package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
import dev.infermark.result.ConsoleFormat;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;

/**
 * Fields InferenceX's AgentX post-processing reads from our artifacts, pinned in AIPerf's exact
 * shape (whatever writes the files).
 */
class AiperfFieldsTest {
  @TempDir
  Path dir;

  private List<JsonNode> run(RequestRecord... records) throws Exception {
    try (RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of()))) {
      for (RequestRecord r : records) {
        rec.accept(r);
      }
      rec.finishAndWrite(new RunInfo("s", "b", 1L, Map.of(), Optional.empty(), false, Instant.parse("2026-01-01T00:00:00Z"),
          Instant.parse("2026-01-01T00:01:00Z"), null, 0), ResultFormats.all());
    }
    return Files.readAllLines(dir.resolve(RunRecorder.JSONL)).stream().map(Json::parse).toList();
  }

  private JsonNode aggregate() throws Exception {
    return Json.parse(Files.readString(dir.resolve(RunRecorder.JSON)));
  }

  @Test
  void fullResponseInterTokenLatencyPerRecord() throws Exception {
    List<JsonNode> lines = run(Records.reference());
    // r1: first content at 100 ms, response ends at 300 ms, OSL 4: (300 - 100) / 3 ms
    JsonNode m = lines.get(0).get("metrics");
    assertThat(m.get("full_response_inter_token_latency").get("value").doubleValue()).isEqualTo(200e6 / 3 / 1e6); // kept in ns, shown in ms (as AIPerf)
    assertThat(m.get("full_response_inter_token_latency").get("unit").stringValue()).isEqualTo("ms");
    assertThat(m.get("full_response_output_token_throughput_per_user").get("value").doubleValue()).isEqualTo(15.0);
    assertThat(m.get("full_response_output_token_throughput_per_user").get("unit").stringValue()).isEqualTo("tokens/sec/user");
    // r3: first content at 300 ms, end at 500 ms, OSL 6 (5 + 1 reasoning): 200 / 5 ms
    assertThat(lines.get(2).get("metrics").get("full_response_inter_token_latency").get("value").doubleValue()).isEqualTo(40.0);
    // a failed request has none
    assertThat(lines.get(3).get("metrics").has("full_response_inter_token_latency")).isFalse();
  }

  @Test
  void nonStreamedResponseHasNoFullResponseInterTokenLatency() throws Exception {
    List<JsonNode> lines = run(Records.ok(Phase.PROFILING, "w", 1_000_000_000L, new long[] {300}, 300, 10, 20, null));
    assertThat(lines.get(0).get("metrics").has("full_response_inter_token_latency")).isFalse();
    assertThat(lines.get(0).get("metrics").has("full_response_output_token_throughput_per_user")).isFalse();
  }

  @Test
  void aggregateHasFullResponseDistributionsAndCompletedRequestCount() throws Exception {
    run(Records.reference());
    JsonNode json = aggregate();
    JsonNode itl = json.get("full_response_inter_token_latency");
    assertThat(itl.get("unit").stringValue()).isEqualTo("ms");
    assertThat(itl.get("avg").doubleValue()).isEqualTo(68.88888888888889);
    assertThat(itl.get("p90").doubleValue()).isEqualTo(93.33333333333333);
    assertThat(itl.get("count").longValue()).isEqualTo(3);
    JsonNode perUser = json.get("full_response_output_token_throughput_per_user");
    assertThat(perUser.get("unit").stringValue()).isEqualTo("tokens/sec/user");
    assertThat(perUser.get("avg").doubleValue()).isEqualTo(16.666666666666668);
    // InferenceX's validity gate: error_request_count / completed_request_count
    assertThat(json.get("completed_request_count").get("avg").doubleValue()).isEqualTo(5.0);
    assertThat(json.get("completed_request_count").get("unit").stringValue()).isEqualTo("requests");
  }

  @Test
  void intendedInstantLatenciesAreInEveryExportWithTheirUnitsBesideTheActualOnes() throws Exception {
    List<JsonNode> lines = run(Records.referenceWithIntendedInstants());
    // r2 left 20 ms after it was due: TTFT 200 ms from the send, 220 ms from the intended instant
    JsonNode m = lines.get(1).get("metrics");
    assertThat(m.get("schedule_lag").get("value").doubleValue()).isEqualTo(20.0);
    assertThat(m.get("effective_time_to_first_token").get("value").doubleValue()).isEqualTo(220.0);
    assertThat(m.get("effective_latency").get("value").doubleValue()).isEqualTo(420.0);
    assertThat(m.get("time_to_first_token").get("value").doubleValue()).isEqualTo(200.0);
    for (String tag : List.of("schedule_lag", "effective_time_to_first_token", "effective_latency")) {
      assertThat(m.get(tag).get("unit").stringValue()).as(tag).isEqualTo("ms");
    }
    assertThat(lines.get(1).get("metadata").get("credit_issued_ns").longValue())
        .isEqualTo(lines.get(1).get("metadata").get("request_start_ns").longValue() - 20_000_000L);

    JsonNode json = aggregate();
    assertThat(json.get("schedule_lag").get("p50").doubleValue()).isEqualTo(20.0);
    assertThat(json.get("effective_latency").get("max").doubleValue()).isEqualTo(540.0);
    assertThat(json.get("effective_time_to_first_token").get("avg").doubleValue()).isEqualTo(220.0);
    assertThat(json.get("effective_latency").get("unit").stringValue()).isEqualTo("ms");

    // the CSV and the console table: each right after the actual-send latencies
    List<String> csv = Files.readAllLines(dir.resolve(RunRecorder.CSV));
    assertThat(csv.subList(3, 7)).extracting(l -> l.substring(0, l.indexOf(','))).containsExactly("Request Latency (ms)",
        "Schedule Lag (ms)", "Effective Time to First Token (ms)", "Effective Latency (ms)");
    assertThat(csv.get(6)).startsWith("Effective Latency (ms),420.00,300.00,540.00,");
  }

  @Test
  void theConsoleTableShowsTheIntendedInstantLatenciesNextToTheActualOnes() {
    PhaseMetrics p = new PhaseMetrics("profiling", Goodput.NONE);
    for (RequestRecord r : Records.referenceWithIntendedInstants()) {
      p.add(r, RecordMetrics.of(r));
    }
    List<String> rows = ConsoleFormat.table("t", p.summary(), null);
    assertThat(rows.subList(2, 8)).extracting(l -> l.substring(0, 44).strip()).containsExactly("Time to First Token (ms)",
        "Time to Second Token (ms)", "Request Latency (ms)", "Schedule Lag (ms)", "Effective Time to First Token (ms)",
        "Effective Latency (ms)");
    assertThat(rows.get(7).split(" +")).containsSubsequence("420.00", "300.00", "540.00"); // avg, min, max
  }

  @Test
  void aRecordWithoutAnIntendedInstantHasNoneOfItsLatencies() throws Exception {
    List<JsonNode> lines = run(Records.reference());
    JsonNode m = lines.get(0).get("metrics");
    assertThat(m.has("schedule_lag")).isFalse();
    assertThat(m.has("effective_latency")).isFalse();
    assertThat(aggregate().has("effective_latency")).isFalse(); // absent, never 0
  }
}
