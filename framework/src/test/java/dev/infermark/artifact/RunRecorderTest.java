package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Records;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class RunRecorderTest {
  @TempDir
  Path dir;

  private static RunInfo info(boolean cancelled) {
    ObjectNode extras = (ObjectNode) Json.parse(
        "{\"branch_stats\":{\"children_spawned\":2},\"metadata\":{\"dataset\":{\"loader\":\"weka\"},\"scenario\":\"agentx\"}}");
    SubmissionVerdict v = new SubmissionVerdict();
    v.add(SubmissionVerdict.UNSAFE_OVERRIDE);
    return new RunInfo("my-scenario", "bench-1", 42L, Map.of("url", Map.of("value", "http://x", "source", "system_property")),
        Optional.of(v), cancelled, Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:01:00Z"), extras, 0);
  }

  @Test
  void streamsJsonlAndWritesAiperfArtifacts() throws Exception {
    try (RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of("goodput", "time_to_first_token:250")))) {
      rec.inputs().onBody(InferenceRequest.chat(RequestTags.of("conv-a", "corr-a", 0), List.of(ChatMessage.user("hi")), 8),
          "id-1", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}".getBytes());
      rec.accept(Records.ok(Phase.WARMUP, "w1", 500_000_000L, new long[] {10}, 20, 5, 5, null));
      RequestRecord[] refs = Records.reference();
      for (RequestRecord r : refs) {
        rec.accept(r);
      }
      // flushed per record: readable before the run ends; the warmup row comes first, tagged
      List<String> all = Files.readAllLines(dir.resolve(RunRecorder.JSONL));
      assertThat(all).hasSize(6);
      assertThat(Json.parse(all.get(0)).get("metadata").get("benchmark_phase").stringValue()).isEqualTo("warmup");
      List<String> lines = all.subList(1, all.size());
      JsonNode first = Json.parse(lines.get(0));
      assertThat(first.get("metadata").get("x_request_id").stringValue()).isEqualTo("r1");
      assertThat(first.get("metadata").get("benchmark_phase").stringValue()).isEqualTo("profiling");
      assertThat(first.get("metadata").get("source_trace_id").stringValue()).isEqualTo("trace-r1");
      assertThat(first.get("metadata").get("request_end_ns").longValue() - first.get("metadata").get("request_start_ns").longValue())
          .isEqualTo(300_000_000L);
      assertThat(first.get("metrics").get("time_to_first_token").get("value").doubleValue()).isEqualTo(100.0);
      assertThat(first.get("metrics").get("time_to_first_token").get("unit").stringValue()).isEqualTo("ms");
      assertThat(first.get("metrics").get("inter_chunk_latency").get("value")).hasSize(2);
      assertThat(first.get("metrics").get("output_sequence_length").get("value").intValue()).isEqualTo(4);
      assertThat(first.get("error").isNull()).isTrue();
      JsonNode err = Json.parse(lines.get(3)).get("error");
      assertThat(err.get("code").intValue()).isEqualTo(429);
      assertThat(err.get("message").stringValue()).isEqualTo("slow down");

      List<String> console = rec.finishAndWrite(info(false), ResultFormats.all());
      assertThat(console.get(0)).contains("my-scenario");
      assertThat(console).anyMatch(l -> l.startsWith("Time to First Token (ms)") && l.contains("200.00") && l.contains("298.00"));
      // The self-check has one line, and only when it warns (this machine may be loaded).
      assertThat(console.stream().filter(l -> l.contains("client self-check")))
          .allMatch(l -> l.startsWith("infermark: WARNING client self-check: ")).hasSizeLessThanOrEqualTo(1);

      JsonNode json = Json.parse(Files.readString(dir.resolve(RunRecorder.JSON)));
      assertThat(json.get("benchmark_id").stringValue()).isEqualTo("bench-1");
      assertThat(json.get("time_to_first_token").get("avg").doubleValue()).isEqualTo(200.0);
      assertThat(json.get("time_to_first_token").get("p99").doubleValue()).isEqualTo(298.0);
      assertThat(json.get("time_to_first_token").get("unit").stringValue()).isEqualTo("ms");
      assertThat(json.get("request_count").get("avg").doubleValue()).isEqualTo(3.0);
      assertThat(json.get("good_request_count").get("avg").doubleValue()).isEqualTo(2.0);
      assertThat(json.get("error_request_count").get("avg").doubleValue()).isEqualTo(2.0);
      assertThat(json.get("context_overflow_count").get("avg").doubleValue()).isEqualTo(1.0);
      assertThat(json.get("inter_chunk_latency").get("precision").stringValue()).contains("hdrhistogram");
      assertThat(json.get("error_summary")).hasSize(2);
      assertThat(json.get("error_summary").get(0).get("count").intValue()).isEqualTo(1);
      assertThat(json.get("was_cancelled").booleanValue()).isFalse();
      assertThat(json.get("is_complete").booleanValue()).isTrue();
      assertThat(json.get("run_info").get("random_seed").longValue()).isEqualTo(42);
      assertThat(json.get("input_config").get("url").get("source").stringValue()).isEqualTo("system_property");
      assertThat(json.get("warmup_metrics").get("request_count").get("avg").doubleValue()).isEqualTo(1.0);
      assertThat(json.get("branch_stats").get("children_spawned").intValue()).isEqualTo(2);
      JsonNode md = json.get("metadata");
      assertThat(md.get("scenario").stringValue()).isEqualTo("agentx"); // the methodology's metadata wins key by key
      assertThat(md.get("dataset").get("loader").stringValue()).isEqualTo("weka");
      assertThat(md.get("submission_valid").booleanValue()).isFalse();
      assertThat(md.get("submission_invalid_reasons").get(0).stringValue()).isEqualTo("unsafe_override");
      // lag values need at least one 1 ms tick, which a loaded machine may not give this short test
      assertThat(md.get("client_self_check").get("processors").intValue()).isPositive();

      List<String> csv = Files.readAllLines(dir.resolve(RunRecorder.CSV));
      assertThat(csv.get(0)).isEqualTo("Metric,avg,min,max,p1,p5,p10,p25,p50,p75,p90,p95,p99,std");
      assertThat(csv).contains("Time to First Token (ms),200.00,100.00,300.00,102.00,110.00,120.00,150.00,200.00,250.00,280.00,290.00,298.00,81.65");
      int blank = csv.indexOf("");
      assertThat(csv.get(blank + 1)).isEqualTo("Metric,Value");
      assertThat(csv).contains("Request Count (requests),3.00", "Benchmark Duration (sec),0.70");

      JsonNode inputs = Json.parse(Files.readString(dir.resolve(RunRecorder.INPUTS)));
      assertThat(inputs.get("data").get(0).get("session_id").stringValue()).isEqualTo("conv-a");
      assertThat(inputs.get("data").get(0).get("payloads").get(0).get("messages").get(0).get("content").stringValue()).isEqualTo("hi");

      RunResult result = rec.measure(RunResult.empty());
      assertThat(result.lookup("", "time_to_first_token", Stat.P95)).hasValue(290.0);
      assertThat(result.unit("", "time_to_first_token", Stat.P95)).isEqualTo("ms");
      assertThat(result.lookup("", "inter_token_latency", Stat.AVG)).hasValue(68.88888888888889);
      assertThat(result.lookup("", "request_throughput", Stat.VALUE)).hasValue(3 / 0.7);
      assertThat(result.lookup("", "usage_prompt_cache_read_tokens", Stat.AVG)).isEmpty();
      assertThat(result.reportEntries()).containsEntry("ttft_p99_ms", "298.00").containsEntry("error_request_count", "2");
    }
  }

  /** The self-check's lines and export of a run of the reference records (20 and 40 ms late) under {@code settings}. */
  private List<String> lateArrivals(Map<String, String> settings) throws Exception {
    try (RunRecorder rec = new RunRecorder(dir, Settings.of(settings))) {
      for (RequestRecord r : Records.referenceWithIntendedInstants()) {
        rec.accept(r);
      }
      return rec.finishAndWrite(info(false), ResultFormats.all());
    }
  }

  @Test
  void pacedArrivalsThatLeftLateAreASelfCheckWarningOnTheConsoleAndInTheExport() throws Exception {
    // 10 arrivals/s: a tenth of the mean gap is 10 ms, and the schedule lag p99 is 39.6 ms
    List<String> console = lateArrivals(Map.of("request-rate", "10"));

    assertThat(console).filteredOn(l -> l.contains("arrivals left late")).singleElement().satisfies(l -> assertThat(l)
        .startsWith("infermark: WARNING client self-check: ").contains("schedule lag p99 39.60 ms is over 10.00 ms"));
    JsonNode check = Json.parse(Files.readString(dir.resolve(RunRecorder.JSON))).get("metadata").get("client_self_check");
    assertThat(check.get("warning").stringValue()).contains("arrivals left late");
  }

  @Test
  void aClosedLoopHasNoArrivalRule() throws Exception {
    List<String> console = lateArrivals(Map.of());

    assertThat(console).noneMatch(l -> l.contains("arrivals left late"));
  }

  @Test
  void cancelledRunIsStampedPartial() throws Exception {
    try (RunRecorder rec = new RunRecorder(dir, Settings.empty())) {
      rec.accept(Records.reference()[0]);
      rec.finishAndWrite(info(true), ResultFormats.all());
    }
    JsonNode json = Json.parse(Files.readString(dir.resolve(RunRecorder.JSON)));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("incomplete_reason").stringValue()).isEqualTo("cancelled");
  }

  @Test
  void unwritableDirNamesTheFile() throws Exception {
    Path file = dir.resolve("not-a-dir");
    Files.writeString(file, "x");
    assertThatThrownBy(() -> new RunRecorder(file, Settings.empty())).hasMessageContaining("not-a-dir");
  }

  @Test
  void inputsAreBoundedAndSaySo() throws Exception {
    InputsCollector c = new InputsCollector();
    byte[] big = ("{\"p\":\"" + "x".repeat(1 << 20) + "\"}").getBytes();
    InferenceRequest req = InferenceRequest.chat(RequestTags.of("s", "s", 0), List.of(), 1);
    int n = (int) (InputsCollector.MAX_BYTES / big.length) + 3;
    for (int i = 0; i < n; i++) {
      c.onBody(req, "id" + i, big);
    }
    c.onBody(req.withPhase(Phase.WARMUP), "warm", big);
    assertThat(c.dropped()).isEqualTo(3);
    Path f = dir.resolve("inputs.json");
    c.write(f);
    JsonNode j = Json.parse(Files.readString(f));
    assertThat(j.get("truncated").booleanValue()).isTrue();
    assertThat(j.get("dropped_payloads").intValue()).isEqualTo(3);
    assertThat(j.get("data").get(0).get("payloads")).hasSize(n - 3);
  }

  @Test
  void aFullDiskIsReportedOnceAtOnceAndByFinishNamingTheExport() throws Exception {
    Path full = Path.of("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "needs Linux's /dev/full");
    Files.createSymbolicLink(dir.resolve(RunRecorder.JSONL), full);
    RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of()));
    List<String> told = new java.util.ArrayList<>();
    rec.onWriteFailure(told::add);
    for (RequestRecord r : Records.reference()) {
      rec.accept(r); // no exception into the sender: the record still counts
    }
    assertThat(told).singleElement().asString().startsWith("cannot write " + dir.resolve(RunRecorder.JSONL) + ": ")
        .contains("No space left on device");
    var s = rec.summary(Phase.PROFILING);
    assertThat(s.requestCount() + s.errorCount()).isEqualTo(Records.reference().length);
    assertThatThrownBy(() -> rec.finish(info(false)))
        .hasMessageContaining("cannot write " + dir.resolve(RunRecorder.JSONL))
        .hasMessageContaining("No space left on device");
    rec.close(); // the failure was finish's to report; the journal is closed as it was cut back
    assertThat(dir.resolve(RunRecorder.INPUTS)).doesNotExist();
  }

  @Test
  void eachRecordIsAWholeLineOfTheJournalTheMomentItIsAccepted() throws Exception {
    try (RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of()))) {
      int n = 0;
      for (RequestRecord r : Records.reference()) {
        rec.accept(r);
        n++;
        // what a kill -9 now would leave: every record accepted so far, each a whole line
        String journal = Files.readString(dir.resolve(RunRecorder.JSONL));
        assertThat(journal).endsWith("\n");
        assertThat(journal.lines().map(Json::parse)).hasSize(n);
      }
    }
  }
}
