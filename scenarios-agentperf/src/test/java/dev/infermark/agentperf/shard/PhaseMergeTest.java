package dev.infermark.agentperf.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.phase.TokenCheck;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import dev.infermark.result.RunInfo;
import dev.infermark.result.ResultFormats;
import dev.infermark.settings.Settings;

/** The phase merge on hand-made shard folders: the merged window, the counts, and what it refuses. */
class PhaseMergeTest {
  private static final Instant OPEN = Instant.parse("2026-01-31T12:00:00Z");

  @TempDir
  Path dir;

  /** A successful window request sent {@code atMs} after OPEN, 11 tokens in {@code ms} after a 50 ms TTFT. */
  private static RequestRecord record(String id, long atMs, long ms) {
    long start = PhaseMerge.epochNs(OPEN) + atMs * 1_000_000L;
    long first = start + 50_000_000L;
    long end = first + ms * 1_000_000L;
    return new RequestRecord(Phase.PROFILING, id, null, -1, start, start / 1000, start + 1_000_000, new long[] {first, end}, end,
        100, 11, null, null, null, null, "stop", 200, null);
  }

  private Path shard(int index, int count, int phase, long closeMs, List<RequestRecord> records, TokenCheck check) {
    Path folder = dir.resolve("p" + phase + "-s" + index + "-" + count);
    try (RunRecorder r = new RunRecorder(folder, Settings.of(Map.of()))) {
      records.forEach(r::accept);
      r.finishAndWrite(new RunInfo("aa-agentperf", "t", 7, Map.of(), Optional.empty(), false, OPEN, OPEN, Json.object(), 0),
          ResultFormats.all());
    }
    try {
      new PhaseShardFile(new PhaseShardFile.RunInfo("run-p" + phase, "aa-agentperf", "m", 7, "synthetic", 500, Map.of(), "none", 0),
          index, count, phase, 4, "1 2\nx", new GateStatus(3 + index, 2 + index, closeMs * 1_000_000L, true, true, true), true,
          OPEN, OPEN.plusMillis(closeMs), records.size() + 1, 1, 12, check, null).write(folder);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return folder;
  }

  @Test
  void theWindowEndsAtTheEarliestCloseAndCountsAddUp() {
    RequestRecord a = record("a", 0, 100);
    RequestRecord b = record("b", 500, 200);
    RequestRecord c = record("c", 900, 300); // shard 0's own window, which closed first: kept
    RequestRecord d = record("d", 600, 400);
    RequestRecord late = record("late", 1_500, 50); // shard 1, after shard 0 closed: the phase was no longer at full count
    PhaseMerge.Merged m = PhaseMerge.merge(List.of(
        shard(1, 2, 3, 2_000, List.of(d, late), new TokenCheck(2, 20, 22, 0.1, "tok")),
        shard(0, 2, 3, 1_000, List.of(a, b, c), new TokenCheck(1, 10, 10, 0.0, "tok"))));
    assertThat(m.windowClose()).isEqualTo(OPEN.plusMillis(1_000));
    PhaseStats expected = PhaseStats.of(List.of(a, b, c, d));
    assertThat(m.result().stats().requests()).isEqualTo(4);
    assertThat(m.result().stats().outputSpeed()).containsExactly(expected.outputSpeed());
    assertThat(m.result().stats().ttftMs()).containsExactly(expected.ttftMs());
    assertThat(m.result().stats().spanSeconds()).isEqualTo(expected.spanSeconds());
    assertThat(m.result().windowSeconds()).isEqualTo(1.0);
    assertThat(m.result().gates().trajectoriesCompleted()).isEqualTo(3 + 4);
    assertThat(m.result().gates().fewestPerAgent()).isEqualTo(2);
    assertThat(m.result().requestsSent()).isEqualTo(4 + 3);
    assertThat(m.result().requestsCutOff()).isEqualTo(2);
    assertThat(m.result().tokenCheck().checked()).isEqualTo(3);
    assertThat(m.result().tokenCheck().meanAbsRelativeDiff()).isEqualTo(0.2 / 3);
    assertThat(m.shards()).extracting(PhaseShardFile::shardIndex).containsExactly(0, 1);
  }

  @Test
  void refusesFoldersThatAreNotTheShardsOfOnePhase() {
    Path s0 = shard(0, 2, 1, 1_000, List.of(), null);
    Path s1 = shard(1, 2, 1, 1_000, List.of(), null);
    Path other = shard(1, 2, 2, 1_000, List.of(), null);
    assertThatThrownBy(() -> PhaseMerge.merge(List.of(s0))).hasMessageContaining("shard 1 of 2 of phase 1 is missing");
    assertThatThrownBy(() -> PhaseMerge.merge(List.of(s0, s0))).hasMessageContaining("given twice");
    assertThatThrownBy(() -> PhaseMerge.merge(List.of(s0, other))).hasMessageContaining("not a shard of the same phase")
        .hasMessageContaining("phase 2");
    assertThat(PhaseMerge.merge(List.of(s1, s0)).result().index()).isEqualTo(1);
    assertThatThrownBy(() -> PhaseMerge.merge(List.of(dir.resolve("nowhere")))).hasMessageContaining("nowhere");
  }
}
