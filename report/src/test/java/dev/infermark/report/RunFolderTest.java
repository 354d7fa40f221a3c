package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderTest {
  @TempDir
  Path dir;

  @Test
  void readsRequestsTaggingWarmupAndFailuresAndSkipsUnreadableLinesWithANote() {
    new FixtureRun()
        .request(0, 100).warmup().ttft(50).add()
        .request(100, 300).ttft(20).tokens(10).meta("lane", 2).meta("agent_depth", 1).meta("x_correlation_id", "s")
        .meta("root_correlation_id", "t").meta("parent_correlation_id", "p").add()
        .rawLine("{not json")
        .request(150, 400).failed("server_error").add()
        .rawLine("[1, 2]")
        .writeTo(dir);

    RunFolder f = RunFolder.read(dir);

    assertThat(f.rows()).hasSize(3);
    assertThat(f.rows().get(0).warmup()).isTrue();
    Row r = f.rows().get(1);
    assertThat(r.warmup()).isFalse();
    assertThat(r.ttftMs()).isEqualTo(20);
    assertThat(r.itlMs()).isNaN(); // not recorded: absent, never 0
    assertThat(r.lane()).isEqualTo(2);
    assertThat(r.depth()).isEqualTo(1);
    assertThat(r.stream()).isEqualTo("s");
    assertThat(r.tree()).isEqualTo("t");
    assertThat(r.parent()).isEqualTo("p");
    assertThat(f.rows().get(2).failed()).isTrue();
    assertThat(f.rows().get(2).errorKind()).isEqualTo("server_error");
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).contains("profile_export.jsonl: 2 unreadable line(s)").contains("line 3"));
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).contains("profile_export_aiperf.json is absent"));
    assertThat(f.summary()).isNull();
  }

  @Test
  void aRunKilledBeforeItsSummaryHasItRebuiltFromItsJournalAndStampedIncomplete() throws Exception {
    new FixtureRun().request(0, 100).ttft(20).tokens(4).add().request(50, 300).ttft(40).tokens(6).add()
        .rawLine("{\"metadata\":{\"request_start_ns\":17961550").writeTo(dir);
    Files.deleteIfExists(dir.resolve(RunFolder.PROFILE_JSON));

    RunFolder f = RunFolder.read(dir);

    assertThat(f.rows()).hasSize(2);
    assertThat(f.summary().path("is_complete").asBoolean(true)).isFalse();
    assertThat(f.summary().path("incomplete_reason").asString()).isEqualTo("ended_without_summary");
    assertThat(f.summary().at("/time_to_first_token/p50").asDouble()).isEqualTo(30.0);
    assertThat(f.summary().at("/request_count/avg").asDouble()).isEqualTo(2.0);
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).startsWith("profile_export_aiperf.json is absent: the run ended "
        + "without writing its summary").contains("2 request(s)").contains("torn last line skipped"));
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).contains("profile_export.jsonl: 1 unreadable line(s) skipped"));
    assertThat(RunModel.of(f).path("warnings").toString()).contains("the run ended without writing its summary");
  }

  @Test
  void aWorkerIdNamesTheLaneWhenTheLaneFieldIsAbsent() {
    new FixtureRun().request(0, 10).meta("worker_id", "lane-7").add().writeTo(dir);
    assertThat(RunFolder.read(dir).rows().getFirst().lane()).isEqualTo(7);
  }

  @Test
  void placesOutputTokensAtTheirChunksArrival() {
    // 3 chunks of 10 tokens: first token at 5 ms, then +20 ms, +20 ms (ticks of 10 ms).
    new FixtureRun().request(0, 60).ttft(5).tokens(30).chunks(20, 20).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    long t = FixtureRun.T0 / RunFolder.TICK_NS;
    assertThat(f.tokenTicks()).containsEntry(t, 10.0).containsEntry(t + 2, 10.0).containsEntry(t + 4, 10.0).hasSize(3);
  }

  @Test
  void readsTheAccuracyCsvWithAQuotedTaskAndNotesABadRow() throws Exception {
    new FixtureRun().request(0, 10).add().writeTo(dir);
    Files.writeString(dir.resolve(RunFolder.ACCURACY), "task,total,passed,unparsed,accuracy_rate,unparsed_rate\r\n"
        + "\"a, b\",4,3,1,0.75,0.25\r\nbroken,x\r\nOVERALL,4,3,1,0.75,0.25\r\n");
    RunFolder f = RunFolder.read(dir);
    assertThat(f.accuracy()).extracting(RunFolder.AccuracyRow::task).containsExactly("a, b", "OVERALL");
    assertThat(f.accuracy().getFirst().accuracyRate()).isEqualTo(0.75);
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).contains("accuracy_results.csv: line 3 unreadable"));
  }

  @Test
  void sloResultsComeFromTheRunJsonOrTheirOwnFile() throws Exception {
    var s = FixtureRun.summaryJson("x", 10);
    s.putArray("slo_results").addObject().put("metric", "time_to_first_token").put("passed", true);
    new FixtureRun().summary(s).request(0, 10).add().writeTo(dir);
    assertThat(RunFolder.read(dir).sloResults().get(0).path("metric").asString()).isEqualTo("time_to_first_token");
  }

  @Test
  void aFolderWithNothingReadableIsRefusedByName() throws Exception {
    Files.writeString(dir.resolve("unrelated.txt"), "x");
    assertThatThrownBy(() -> RunFolder.read(dir)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a run folder").hasMessageContaining(dir.toString());
    assertThatThrownBy(() -> RunFolder.read(dir.resolve("missing"))).hasMessageContaining("no such directory");
  }

  @Test
  void aCorruptSummaryIsSkippedWithANoteAndTheRecordsStillShown() throws Exception {
    new FixtureRun().request(0, 10).ttft(3).add().writeTo(dir);
    Files.writeString(dir.resolve(RunFolder.PROFILE_JSON), "{\"truncated\": ");
    RunFolder f = RunFolder.read(dir);
    assertThat(f.summary()).isNull();
    assertThat(f.rows()).hasSize(1);
    assertThat(f.notes()).anySatisfy(n -> assertThat(n).startsWith("profile_export_aiperf.json is not valid JSON"));
  }
}
