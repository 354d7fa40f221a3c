package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;

/** Cross-stream replay barriers, failed-request threshold, DAG fail-fast and the warmup handoff clock. */
class AgenticReplayRulesTest {
  private static final long S = 1_000_000_000L;

  /**
   * Root r spawns background child g at turn 0. r's turn 1 (recorded at 41 s) starts after g's turn 1
   * ended (40.5 s), so it must wait for it, although r's own delay (5 s) runs out long before.
   */
  private static SessionTree barrierTree() {
    ReplayStream root = new ReplayStream("r", true, 0, null, null, List.of(
        Trees.turn(0, 0, 0, List.of("g"), null), Trees.turn(1, 41_000, 5_000)));
    ReplayStream g = Trees.child("r::sa:g", "r", "g", Trees.turn(0, 100, 0), Trees.turn(1, 40_000, 39_000),
        Trees.turn(2, 41_000, 500));
    return new SessionTree("r", root, List.of(g), List.of(new Branch("g", "r", 0, null, List.of("r::sa:g"), 100)));
  }

  @Test
  void aTurnWaitsForTheOtherStreamsTurnThatEndedBeforeItsRecordedStartAndTheIdleCapSeesPastIt() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(barrierTree())).start();
    long t0 = h.clock.nowNanos();
    h.net.ok(h.net.open("r", 0));
    h.clock.advanceMs(100);
    h.net.ok(h.net.open("r::sa:g", 0));
    assertThat(h.replay.pendingDueNs()).as("r#1 in 4.9 s: within the idle cap").containsExactly(t0 + 5 * S,
        t0 + 39_100_000_000L);
    h.clock.advanceMs(4_900);
    assertThat(h.net.wasSent("r", 1)).as("retained by the barrier on g#1").isFalse();
    assertThat(h.replay.stats().barrierHolds()).isEqualTo(1);
    // The retained turn is not a pending timer: the idle cap moves g#1 to the cap after the idle start (5 s).
    assertThat(h.replay.pendingDueNs()).containsExactly(t0 + 15 * S);
    assertThat(h.replay.stats().idleJumps()).isEqualTo(1);
    h.clock.advanceMs(9_999);
    assertThat(h.net.wasSent("r::sa:g", 1)).isFalse();
    h.clock.advanceMs(1);
    FakeDispatcher.Sent g1 = h.net.open("r::sa:g", 1);
    h.clock.advanceMs(700);
    assertThat(h.net.wasSent("r", 1)).as("g#1 still on the wire").isFalse();
    h.net.ok(g1);
    h.clock.runDue();
    FakeDispatcher.Sent r1 = h.net.open("r", 1);
    assertThat(r1.sentNs()).isEqualTo(h.clock.nowNanos());
    assertThat(r1.out().dueNs()).as("lateness counts from the release").isEqualTo(h.clock.nowNanos());
    assertThat(h.replay.finished()).isNotCompletedExceptionally();
  }

  @Test
  void aStreamEndedByAnOverflowHoldsNothingBack() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(barrierTree())).start();
    long t0 = h.clock.nowNanos();
    h.net.ok(h.net.open("r", 0));
    h.clock.advanceMs(100);
    h.net.fail(h.net.open("r::sa:g", 0), ErrorKind.CONTEXT_OVERFLOW, "maximum context length is 131072 tokens");
    h.clock.advanceMs(4_900);
    assertThat(h.net.open("r", 1).sentNs()).as("r#1 keeps its own 5 s delay").isEqualTo(t0 + 5 * S);
    assertThat(h.replay.stats().barrierHolds()).isZero();
    assertThat(h.log).noneMatch(l -> l.contains("WARNING"));
  }

  @Test
  void aBarrierThatCannotClearIsReleasedWithAWarningInsteadOfStallingTheLane() {
    // Inconsistent recording: child c's turn 1 (2 500) starts after the parent's join turn p#1 ended (2 000),
    // yet p#1 waits for c to finish. Nothing in the tree can move, so c#1 goes anyway.
    ReplayStream root = new ReplayStream("p", true, 0, null, null, List.of(Trees.turn(0, 0, 0, List.of("b1"), null),
        Trees.turn(1, 1_000, 500, List.of(), "b1"), Trees.turn(2, 3_000, 1_000)));
    ReplayStream c = Trees.child("p::sa:c", "p", "b1", Trees.turn(0, 100, 0), Trees.turn(1, 2_500, 500));
    SessionTree tree = new SessionTree("p", root, List.of(c),
        List.of(new Branch("b1", "p", 0, 1, List.of("p::sa:c"), 100)));
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(tree)).start();
    h.net.ok(h.net.open("p", 0));
    h.clock.advanceMs(100);
    h.net.ok(h.net.open("p::sa:c", 0));
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("p::sa:c", 1));
    assertThat(h.log).anyMatch(l -> l.contains("WARNING replay barrier in tree p cannot clear"));
    h.clock.advanceMs(500);
    assertThat(h.net.open("p", 1).request().phase()).isEqualTo(Phase.PROFILING);
  }

  @Test
  void failedRequestThresholdAbortsOnceTheErrorFractionExceedsItOverflowsExcluded() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.failedThreshold = 0.5;
    double[] ts = new double[30];
    for (int i = 0; i < ts.length; i++) {
      ts[i] = i * 1_000;
    }
    Harness h = new Harness(cfg, List.of(Trees.linear("x", ts))).start();
    // ok, fail, ok, fail, overflow (skipped: ends the trajectory, the lane recycles), ok, fail, ok, fail, fail, ok:
    // 10 counted completions, 5 failed = 0.5, not above the threshold.
    String plan = "OFOFVOFOFFO";
    for (char c : plan.toCharArray()) {
      FakeDispatcher.Sent s = h.net.open.getFirst();
      switch (c) {
        case 'O' -> h.net.ok(s);
        case 'F' -> h.net.fail(s, ErrorKind.SERVER_ERROR, "Internal server error");
        default -> h.net.fail(s, ErrorKind.CONTEXT_OVERFLOW, "maximum context length is 131072 tokens");
      }
      h.clock.advanceMs(1_000);
      assertThat(h.replay.stats().cancelled()).as("after " + c).isFalse();
      assertThat(h.net.open).hasSize(1);
    }
    h.net.fail(h.net.open.getFirst(), ErrorKind.SERVER_ERROR, "Internal server error");
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.replay.finished()).isDone().isNotCompletedExceptionally();
    assertThat(h.replay.stats().abortReason()).startsWith("failed-request-threshold exceeded: 6 of 11 profiling requests failed");
    int sent = h.net.sent.size();
    h.clock.advanceMs(60_000);
    assertThat(h.net.sent).hasSize(sent);
  }

  @Test
  void failedRequestThresholdWaitsForAtLeastConcurrencyCompletions() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(12).ratio(0);
    cfg.failedThreshold = 0.0;
    Harness h = new Harness(cfg, Trees.pool(12, 0, 1_000)).start();
    for (int i = 0; i < 11; i++) {
      h.net.fail(h.net.open.getFirst(), ErrorKind.SERVER_ERROR, "boom");
      assertThat(h.replay.stats().cancelled()).as("%d of max(12, 10) completions", i + 1).isFalse();
    }
    h.net.ok(h.net.open.getFirst());
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.replay.stats().abortReason()).contains("11 of 12");
  }

  @Test
  void failedRequestThresholdUnsetNeverAborts() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(2, 0, 1_000)).start();
    for (int i = 0; i < 30; i++) {
      h.net.fail(h.net.open.getFirst(), ErrorKind.SERVER_ERROR, "boom");
      h.clock.advanceMs(1_000);
    }
    assertThat(h.replay.stats().cancelled()).isFalse();
    assertThat(h.replay.stats().abortReason()).isNull();
  }

  /** Parent p spawns a and b at turn 0 and joins them at turn 1. */
  private static List<SessionTree> forkJoin() {
    ReplayStream root = new ReplayStream("p", true, 0, null, null, List.of(
        Trees.turn(0, 0, 0, List.of("b1"), null), Trees.turn(1, 10_000, 500, List.of(), "b1")));
    ReplayStream a = Trees.child("p::sa:a", "p", "b1", Trees.turn(0, 100, 0), Trees.turn(1, 1_000, 500),
        Trees.turn(2, 2_000, 500));
    ReplayStream b = Trees.child("p::sa:b", "p", "b1", Trees.turn(0, 200, 0), Trees.turn(1, 5_000, 1_000));
    SessionTree tree = new SessionTree("p", root, List.of(a, b),
        List.of(new Branch("b1", "p", 0, 1, List.of("p::sa:a", "p::sa:b"), 100)));
    return List.of(tree, Trees.linear("next", 0, 1_000));
  }

  @Test
  void byDefaultAFailedChildIsCountedGoesOnAndStillReleasesTheJoin() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), forkJoin()).start();
    h.net.ok(h.net.open("p", 0));
    h.clock.advanceMs(200);
    h.net.fail(h.net.open("p::sa:a", 0), ErrorKind.SERVER_ERROR, "boom");
    h.net.ok(h.net.open("p::sa:b", 0));
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("p::sa:a", 1));
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("p::sa:a", 2));
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("p::sa:b", 1));
    h.clock.advanceMs(500);
    assertThat(h.net.open("p", 1).request().phase()).isEqualTo(Phase.PROFILING);
    BranchStats stats = h.replay.stats().branchStats();
    assertThat(stats.childrenErrored()).isEqualTo(1);
    assertThat(stats.childrenCompleted()).isEqualTo(1);
    assertThat(stats.parentsFailedDueToChildError()).isZero();
    assertThat(stats.toJson().get("joins_suppressed").asInt()).isZero();
  }

  @Test
  void dagFailFastAbortsTheParentAndItsOrphanedSiblings() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.failFast = true;
    Harness h = new Harness(cfg, forkJoin()).start();
    h.net.ok(h.net.open("p", 0));
    h.clock.advanceMs(200);
    FakeDispatcher.Sent b0 = h.net.open("p::sa:b", 0);
    h.net.fail(h.net.open("p::sa:a", 0), ErrorKind.SERVER_ERROR, "boom");
    h.clock.advanceMs(5_000);
    assertThat(h.net.wasSent("p::sa:a", 1)).as("the failed child stops").isFalse();
    assertThat(h.net.wasSent("next", 0)).as("sibling b is still on the wire: the tree holds its lane").isFalse();
    h.net.ok(b0);
    h.clock.runDue();
    assertThat(h.net.open("next", 0).request().tags().lane()).isZero();
    h.clock.advanceMs(20_000);
    assertThat(h.net.wasSent("p::sa:b", 1)).as("the orphaned sibling is aborted").isFalse();
    assertThat(h.net.wasSent("p", 1)).as("the parent's join is suppressed").isFalse();
    BranchStats stats = h.replay.stats().branchStats();
    assertThat(stats.parentsFailedDueToChildError()).isEqualTo(1);
    assertThat(stats.joinsSuppressed()).isEqualTo(1);
    assertThat(stats.childrenErrored()).isEqualTo(1);
    assertThat(stats.childrenCompleted()).isZero();
    assertThat(stats.toJson().get("parents_failed_due_to_child_error").asInt()).isEqualTo(1);
    assertThat(h.replay.stats().liveTrees()).isEqualTo(1);
    assertThat(h.replay.finished()).isNotCompletedExceptionally();
  }

  @Test
  void handedOffStreamsResumeOnTheTreesDatasetClock() {
    // r#0 ends at 2 500 (r#1 at 8 000 after 5 500); r#0 spawns background g whose first turn is at 3 000.
    ReplayStream root = new ReplayStream("h", true, 0, null, null, List.of(
        Trees.turn(0, 0, 0, List.of("g"), null), Trees.turn(1, 8_000, 5_500), Trees.turn(2, 9_000, 500)));
    ReplayStream g = Trees.child("h::sa:g", "h", "g", Trees.turn(0, 3_000, 0), Trees.turn(1, 4_000, 500));
    SessionTree tree = new SessionTree("h", root, List.of(g),
        List.of(new Branch("g", "h", 0, null, List.of("h::sa:g"), 3_000)));
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.perLane = 1;
    Harness h = new Harness(cfg, List.of(tree)).start();
    FakeDispatcher.Sent w0 = h.net.open("h", 0);
    assertThat(w0.request().phase()).isEqualTo(Phase.WARMUP);
    h.net.ok(w0);
    h.clock.runDue();
    // Handoff with the tree's clock at 2 500: g#0 residual 500 ms, h#1 residual 8 000 - 2 500 = 5 500 ms; the
    // earliest starts at once and h#1 keeps the recorded 5 s behind it (its full 5.5 s delay would give 2.5 s).
    FakeDispatcher.Sent g0 = h.net.open("h::sa:g", 0);
    assertThat(g0.request().phase()).isEqualTo(Phase.PROFILING);
    long start = g0.sentNs();
    h.net.ok(g0);
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("h::sa:g", 1));
    h.clock.advanceMs(4_499);
    assertThat(h.net.wasSent("h", 1)).isFalse();
    h.clock.advanceMs(1);
    FakeDispatcher.Sent r1 = h.net.open("h", 1);
    assertThat(r1.sentNs() - start).isEqualTo(5 * S);
    assertThat(r1.request().tags().correlationId()).isEqualTo(w0.request().tags().correlationId());
  }

  @Test
  void handoffResidualFormulas() {
    assertThat(HandoffDelay.onTreeClockMs(8_000, 2_500, 99_999)).isEqualTo(5_500);
    assertThat(HandoffDelay.onTreeClockMs(2_000, 2_500, 1_000)).as("exhausted").isZero();
    assertThat(HandoffDelay.onTreeClockMs(Double.NaN, 2_500, 1_234)).as("no timestamps: recorded delay")
        .isEqualTo(1_234);
    assertThat(HandoffDelay.onTreeClockMs(8_000, Double.NaN, 1_234)).isEqualTo(1_234);
    assertThat(HandoffDelay.fromStreamTimestampsMs(6_000, 1_000, 500, 250, 3_000)).isEqualTo(3_000);
    assertThat(HandoffDelay.fromStreamTimestampsMs(6_000, 1_000, 500, 250, 10_000)).isEqualTo(4_250);
    assertThat(HandoffDelay.fromStreamTimestampsMs(6_000, 1_000, 500, 9_000, 3_000)).as("exhausted").isZero();
    assertThat(HandoffDelay.fromStreamTimestampsMs(Double.NaN, 1_000, 500, 0, 3_000)).isEqualTo(3_000);
  }

  @Test
  void recordedEndsAndWhatMustPrecede() {
    ReplayStream g = barrierTree().children().getFirst();
    assertThat(RecordedTimeline.endMs(g, 0)).isEqualTo(1_000);
    assertThat(RecordedTimeline.endMs(g, 1)).isEqualTo(40_500);
    assertThat(RecordedTimeline.endMs(g, 2)).as("final turn: unknown").isNaN();
    assertThat(RecordedTimeline.mustPrecede(g, 1, 40_500)).isTrue();
    assertThat(RecordedTimeline.mustPrecede(g, 1, 40_499)).isFalse();
    assertThat(RecordedTimeline.mustPrecede(g, 2, 99_000)).as("final turns never gate").isFalse();
    // Two zero-length turns at one instant do not wait on each other.
    ReplayStream z = Trees.linear("z", 0, 100, 200).root();
    assertThat(RecordedTimeline.mustPrecede(z, 1, 100)).isFalse();
    assertThat(RecordedTimeline.mustPrecede(z, 1, 101)).isTrue();
  }
}
