package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.api.Metric;
import dev.infermark.metrics.Records;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class JournalSummaryTest {
  @TempDir
  Path dir;

  private static final Map<String, Object> CONFIG = Map.of("infermark.goodput",
      Map.of("value", "time_to_first_token:250", "source", "system_property"));

  private static RunInfo info(Instant end) {
    SubmissionVerdict v = new SubmissionVerdict();
    v.add(SubmissionVerdict.UNSAFE_OVERRIDE);
    ObjectNode extras = Json.object();
    new Shard(1, 2, null, "bench-7").stamp(extras);
    return new RunInfo("chat", "bench-7", 42L, CONFIG, Optional.of(v), false, Instant.parse("2026-01-01T00:00:00Z"), end,
        extras, 0);
  }

  /** The run as a killed process leaves it: run_start.json, the journal's lines, nothing closed or finished. */
  private RunRecorder killedAfter(Path run, RequestRecord... records) {
    RunRecorder rec = new RunRecorder(run, Settings.of(Map.of("goodput", "time_to_first_token:250")));
    rec.started(info(null));
    for (RequestRecord r : records) {
      rec.accept(r);
    }
    return rec;
  }

  @Test
  void aKilledRunsSummaryIsComputedFromItsJournalByTheCodeAFinishedRunUses() throws Exception {
    Path killed = dir.resolve("killed");
    Path finished = dir.resolve("finished");
    RequestRecord[] records = Records.reference();
    try (RunRecorder rec = killedAfter(killed, records)) {
      // the line being written when the process died
      Files.writeString(killed.resolve(RunRecorder.JSONL), "{\"metadata\":{\"benchmark_phase\":\"profi",
          StandardOpenOption.APPEND);
      try (RunRecorder twin = new RunRecorder(finished, Settings.of(Map.of("goodput", "time_to_first_token:250")))) {
        for (RequestRecord r : records) {
          twin.accept(r);
        }
        twin.finishAndWrite(info(Instant.parse("2026-01-01T00:01:00Z")), ResultFormats.of(Settings.empty()));
      }
      assertThat(JournalSummary.applies(killed)).isTrue();
      assertThat(JournalSummary.applies(finished)).isFalse();

      JournalSummary.Rebuilt r = JournalSummary.of(killed);

      JsonNode done = Json.MAPPER.readTree(finished.resolve(RunRecorder.JSON).toFile());
      JsonNode s = r.summary();
      assertThat(r.records()).isEqualTo(records.length);
      assertThat(r.skipped().lines()).isEqualTo(1);
      for (String tag : List.of(Metric.TIME_TO_FIRST_TOKEN.tag(), Metric.INTER_TOKEN_LATENCY.tag(), Metric.REQUEST_LATENCY.tag(), Metric.REQUEST_COUNT.tag(),
          Metric.ERROR_REQUEST_COUNT.tag(), Metric.REQUEST_THROUGHPUT.tag(), Metric.GOODPUT.tag())) {
        assertThat(s.get(tag)).as(tag).isNotNull().isEqualTo(done.get(tag));
      }
      assertThat(s.get("error_summary")).isEqualTo(done.get("error_summary"));
      assertThat(s.get("input_config")).isEqualTo(done.get("input_config"));
      assertThat(s.get("benchmark_id").asString()).isEqualTo("bench-7");
      assertThat(s.at("/run_info/scenario").asString()).isEqualTo("chat");
      assertThat(s.at("/metadata/shard/index").asInt()).isEqualTo(1);
      assertThat(s.get("is_complete").asBoolean()).isFalse();
      assertThat(s.get("incomplete_reason").asString()).isEqualTo(JournalSummary.REASON);
      assertThat(s.at("/metadata/failure").asString()).isEqualTo(r.warning()).contains("ended without writing its summary")
          .contains(records.length + " request(s)").contains("torn last line skipped");
      assertThat(s.at("/metadata/submission_invalid_reasons").valueStream().map(JsonNode::asString))
          .containsExactly(SubmissionVerdict.UNSAFE_OVERRIDE, SubmissionVerdict.RUN_INCOMPLETE);
      assertThat(s.at("/metadata/client_self_check").isMissingNode()).as("the process that measured it is gone").isTrue();
      assertThat(Files.exists(killed.resolve(RunRecorder.JSON))).as("nothing written into the folder").isFalse();
    }
  }

  @Test
  void aJournalWithoutItsStartIsSummarisedAndSaysWhatIsUnknown() throws Exception {
    Path run = dir.resolve("run");
    try (RunRecorder rec = killedAfter(run, Records.reference())) {
      Files.delete(run.resolve(RunRecorder.START));
      JournalSummary.Rebuilt r = JournalSummary.of(run);
      assertThat(r.records()).isEqualTo(Records.reference().length);
      assertThat(r.skipped().lines()).isZero();
      assertThat(r.warning()).contains(RunRecorder.START + " is absent");
      assertThat(r.summary().at("/" + Metric.REQUEST_COUNT.tag() + "/avg").asDouble()).isEqualTo(3);
    }
  }

  @Test
  void aBadLineBeforeTheLastIsNoCrashAndStopsTheRebuildNamingIt() throws Exception {
    Path run = dir.resolve("run");
    try (RunRecorder rec = killedAfter(run, Records.reference()[0], Records.reference()[1])) {
      List<String> lines = Files.readAllLines(run.resolve(RunRecorder.JSONL));
      Files.write(run.resolve(RunRecorder.JSONL), List.of(lines.get(0), "{oops", lines.get(1)));
      assertThatThrownBy(() -> JournalSummary.of(run)).hasMessageContaining(run.resolve(RunRecorder.JSONL) + " line 2");
    }
  }
}
