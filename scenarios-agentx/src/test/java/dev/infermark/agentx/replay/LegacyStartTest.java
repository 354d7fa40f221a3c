package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Phase;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/** Legacy timestamp-less traces (spec §3.3): warm turn k_i, profile from k_i + 1. */
class LegacyStartTest {
  /** A root-only trace whose turns carry no timestamp (NaN), with the given end-to-start delays. */
  static SessionTree legacy(String id, double... delaysMs) {
    List<ReplayTurn> turns = new ArrayList<>();
    for (int i = 0; i < delaysMs.length; i++) {
      turns.add(Trees.turn(i, Double.NaN, delaysMs[i]));
    }
    return new SessionTree(id, new ReplayStream(id, true, 0, null, null, turns), List.of(), List.of());
  }

  @Test
  void warmsTurnKAndProfilesFromTheNextTurnWithItsRecordedDelays() {
    // n = 6, window fixed at 0.5: k = int(0.5 * 6) = 3.
    Harness h = new Harness(new Trees.Cfg().ratio(0.5), List.of(legacy("L", 0, 1_000, 1_000, 1_000, 3_000, 2_000)))
        .start();
    FakeDispatcher.Sent primer = h.net.open("L", 3);
    assertThat(primer.request().phase()).isEqualTo(Phase.WARMUP);
    assertThat(primer.request().maxTokens()).isEqualTo(1);
    assertThat(h.net.sent).hasSize(1);
    assertThat(h.log).anyMatch(l -> l.contains("L k_i=3 (timestamp-less)"));
    h.net.ok(primer);
    h.clock.runDue();
    // The only pending request starts profiling at once (global minimum), keeping its correlation id.
    FakeDispatcher.Sent p4 = h.net.open("L", 4);
    assertThat(p4.request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(p4.request().maxTokens()).isEqualTo(104);
    assertThat(p4.request().tags().correlationId()).isEqualTo(primer.request().tags().correlationId());
    h.net.ok(p4);
    h.clock.advanceMs(1_999);
    assertThat(h.net.wasSent("L", 5)).isFalse();
    h.clock.advanceMs(1);
    assertThat(h.net.open("L", 5).request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(h.net.wasSent("L", 0)).as("no turn before k_i is sent").isFalse();
  }

  @Test
  void kIsCappedAtNMinusTwoSoOneTurnIsLeftToProfile() {
    // Window 1.0 on n = 4: int(1.0 * 4) = 4, capped at 2.
    Harness h = new Harness(new Trees.Cfg().ratio(1.0), List.of(legacy("L", 0, 500, 500, 500))).start();
    h.net.ok(h.net.open("L", 2));
    h.clock.runDue();
    assertThat(h.net.open("L", 3).request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(LegacyStart.turnIndex(2, 42, "x", 0, 1.0, 1.0)).isZero();
  }

  @Test
  void kIsUniformInTheWindowAndDeterministicPerLane() {
    List<Integer> first = IntStream.range(0, 200).mapToObj(l -> LegacyStart.turnIndex(50, 7, "trace", l, 0.2, 0.6))
        .toList();
    List<Integer> again = IntStream.range(0, 200).mapToObj(l -> LegacyStart.turnIndex(50, 7, "trace", l, 0.2, 0.6))
        .toList();
    assertThat(again).isEqualTo(first);
    assertThat(first).allMatch(k -> k >= 10 && k <= 30);
    // 200 draws over 21 values: both ends appear (fixed seed).
    assertThat(first).contains(10, 30);
    List<Integer> otherSeed = IntStream.range(0, 200)
        .mapToObj(l -> LegacyStart.turnIndex(50, 8, "trace", l, 0.2, 0.6)).toList();
    assertThat(otherSeed).isNotEqualTo(first);
  }

  @Test
  void sameSeedGivesTheSameWarmTurnsPerLaneInTheScheduler() {
    SessionTree t = legacy("L", 0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100);
    List<List<Integer>> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      Harness h = new Harness(new Trees.Cfg().concurrency(6), List.of(t)).start();
      runs.add(h.net.sent.stream().sorted((a, b) -> Integer.compare(a.request().tags().lane(), b.request().tags().lane()))
          .map(FakeDispatcher.Sent::turn).toList());
    }
    List<Integer> expected = IntStream.range(0, 6).mapToObj(l -> LegacyStart.turnIndex(12, 42, "L", l, 0, 1)).toList();
    assertThat(runs.get(0)).isEqualTo(expected).isEqualTo(runs.get(1));
    assertThat(runs.get(0)).allMatch(k -> k >= 0 && k <= 10);
  }

  @Test
  void singleTurnTimestampLessTracesAreSkippedAndAnEmptyPoolIsAnError() {
    List<String> log = new ArrayList<>();
    Harness h = new Harness(new Trees.Cfg().concurrency(2).ratio(0.5), List.of(legacy("one", 0), legacy("L", 0, 1_000,
        1_000))).start();
    assertThat(h.log).anyMatch(l -> l.contains("Skipping trace one"));
    assertThat(h.net.sent).allMatch(s -> s.conversation().equals("L"));
    assertThat(h.net.sent).hasSize(2);
    assertThatThrownBy(() -> new TreeSampler(List.of(legacy("one", 0), legacy("two", 0)), log::add))
        .isInstanceOf(TreeSampler.EmptyTracePoolException.class)
        .hasMessage("Trajectories empty after skipping invalid traces; pool exhausted.");
    assertThat(log).hasSize(2).allMatch(l -> l.contains("Skipping trace"));
    // A single-turn trace with a timestamp is still replayed.
    assertThat(new TreeSampler(List.of(Trees.linear("ts", 0))).size()).isEqualTo(1);
  }
}
