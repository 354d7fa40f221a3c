package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;

class AgenticReplayProfilingTest {
  private static final long S = 1_000_000_000L;

  @Test
  void systemIdleCapShiftsAllTimersOnlyWhenNothingIsInFlight() {
    Harness h = new Harness(new Trees.Cfg().concurrency(2).ratio(0),
        List.of(Trees.linear("a", 0, 60_000), Trees.linear("c", 0, 30_000))).start();
    long t0 = h.clock.nowNanos();
    h.net.ok(h.net.open("a", 0));
    assertThat(h.replay.pendingDueNs()).as("c is in flight: no shift").containsExactly(t0 + 60 * S);
    h.net.ok(h.net.open("c", 0));
    // Idle now: earliest (c at +30 s) moves to +10 s, a keeps its 30 s spacing behind it.
    assertThat(h.replay.pendingDueNs()).containsExactly(t0 + 10 * S, t0 + 40 * S);
    assertThat(h.replay.stats().idleJumps()).isEqualTo(1);
    assertThat(h.replay.stats().idleSkippedNs()).isEqualTo(20 * S);
    h.clock.advanceMs(9_999);
    assertThat(h.net.wasSent("c", 1)).isFalse();
    h.clock.advanceMs(1);
    assertThat(h.net.open("c", 1).request().phase()).isEqualTo(Phase.PROFILING);
  }

  @Test
  void perTraceIdleCapAdvancesOnlyTheIdleTree() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(2).ratio(0);
    cfg.systemCap = null;
    cfg.traceCap = Duration.ofSeconds(5);
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 60_000), Trees.linear("c", 0, 30_000))).start();
    long t0 = h.clock.nowNanos();
    h.net.ok(h.net.open("a", 0));
    assertThat(h.replay.pendingDueNs()).containsExactly(t0 + 5 * S);
    assertThat(h.replay.stats().traceCapJumps()).isEqualTo(1);
    assertThat(h.replay.stats().idleJumps()).isZero();
  }

  @Test
  void contextOverflowOnANonFinalTurnEndsTheTrajectoryAndRecyclesAtTurnZero() {
    Harness h = new Harness(new Trees.Cfg().ratio(0),
        List.of(Trees.linear("x", 0, 1_000, 2_000, 3_000, 4_000), Trees.linear("y", 0, 1_000))).start();
    String firstRoot = h.net.open("x", 0).request().tags().rootCorrelationId();
    String firstMarker = h.net.open("x", 0).firstUserText().substring(0, 18);
    for (int k = 0; k < 2; k++) {
      h.net.ok(h.net.open("x", k));
      h.clock.advanceMs(1_000);
    }
    h.net.fail(h.net.open("x", 2), ErrorKind.CONTEXT_OVERFLOW,
        "This model's maximum context length is 131072 tokens");
    h.clock.runDue();
    h.clock.advanceMs(5_000);
    assertThat(h.net.wasSent("x", 3)).isFalse();
    FakeDispatcher.Sent y0 = h.net.open("y", 0);
    assertThat(y0.request().tags().rootCorrelationId()).isNotEqualTo(firstRoot);
    assertThat(y0.firstUserText()).doesNotStartWith(firstMarker);
    assertThat(h.replay.stats().skippedOverflows()).isEqualTo(1);
    assertThat(h.profiling()).as("the overflow is kept out of the records").hasSize(2).allMatch(r -> r.ok());
  }

  @Test
  void genericErrorContinuesTheTrajectory() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(Trees.linear("x", 0, 1_000, 2_000, 3_000))).start();
    h.net.ok(h.net.open("x", 0));
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("x", 1));
    h.clock.advanceMs(1_000);
    h.net.fail(h.net.open("x", 2), ErrorKind.SERVER_ERROR, "Internal server error: pool exhausted");
    h.clock.advanceMs(1_000);
    assertThat(h.net.open("x", 3).request().tags().rootCorrelationId())
        .isEqualTo(h.profiling().get(0).tags().rootCorrelationId());
    assertThat(h.replay.stats().plays()).isEqualTo(1);
    assertThat(h.profiling()).filteredOn(r -> !r.ok()).hasSize(1);
  }

  @Test
  void overflowOnTheFinalTurnIsANormalRecycle() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(Trees.linear("x", 0, 1_000))).start();
    h.net.ok(h.net.open("x", 0));
    h.clock.advanceMs(1_000);
    h.net.fail(h.net.open("x", 1), ErrorKind.CONTEXT_OVERFLOW, "prompt is too long");
    h.clock.runDue();
    assertThat(h.net.open("x", 0).request().tags().turnIndex()).isZero();
    assertThat(h.replay.stats().plays()).isEqualTo(2);
  }

  @Test
  void spawnedChildrenStartAtTheirRecordedOffsetAndTheJoinWaitsForAll() {
    ReplayStream root = new ReplayStream("p", true, 0, null, null, List.of(Trees.turn(0, 0, 0),
        Trees.turn(1, 1_000, 1_000, List.of("b1"), null), Trees.turn(2, 9_000, 500, List.of(), "b1")));
    ReplayStream c1 = Trees.child("p::sa:a", "p", "b1", Trees.turn(0, 1_500, 0), Trees.turn(1, 3_000, 1_000));
    ReplayStream c2 = Trees.child("p::sa:b", "p", "b1", Trees.turn(0, 4_000, 0));
    SessionTree tree = new SessionTree("p", root, List.of(c1, c2),
        List.of(new Branch("b1", "p", 1, 2, List.of("p::sa:a", "p::sa:b"), 1_500)));
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(tree)).start();
    FakeDispatcher.Sent p0 = h.net.open("p", 0);
    String marker = p0.firstUserText().substring(0, 18);
    h.net.ok(p0);
    h.clock.advanceMs(1_000);
    long spawnStart = h.clock.nowNanos();
    FakeDispatcher.Sent p1 = h.net.open("p", 1);
    h.clock.advanceMs(200);
    h.net.ok(p1);
    h.clock.advanceMs(299);
    assertThat(h.net.wasSent("p::sa:a", 0)).isFalse();
    h.clock.advanceMs(1);
    FakeDispatcher.Sent a0 = h.net.open("p::sa:a", 0);
    assertThat(a0.sentNs() - spawnStart).as("recorded 500 ms after the spawning turn's start").isEqualTo(500_000_000L);
    assertThat(a0.request().tags().parentCorrelationId()).isEqualTo(p0.request().tags().correlationId());
    assertThat(a0.request().tags().rootCorrelationId()).isEqualTo(p0.request().tags().rootCorrelationId());
    assertThat(a0.request().tags().agentDepth()).isEqualTo(1);
    assertThat(a0.firstUserText()).as("descendants carry the tree-root marker").startsWith(marker);
    h.net.ok(a0);
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("p::sa:a", 1));
    h.clock.advanceMs(5_000);
    assertThat(h.net.wasSent("p", 2)).as("child b still running").isFalse();
    h.net.ok(h.net.open("p::sa:b", 0));
    h.clock.advanceMs(500);
    assertThat(h.net.open("p", 2).firstUserText()).startsWith(marker);
    assertThat(h.replay.stats().branchStats().childrenSpawned()).isEqualTo(2);
    assertThat(h.replay.stats().branchStats().childrenCompleted()).isEqualTo(2);
    assertThat(h.replay.stats().branchStats().parentsSuspended()).isEqualTo(1);
  }

  @Test
  void backgroundChildHoldsTheLaneUntilItDrains() {
    ReplayStream root = new ReplayStream("r", true, 0, null, null, List.of(
        Trees.turn(0, 0, 0, List.of("bg"), null), Trees.turn(1, 1_000, 1_000)));
    ReplayStream bg = Trees.child("r::sa:bg", "r", "bg", Trees.turn(0, 500, 0), Trees.turn(1, 5_000, 4_000));
    SessionTree tree = new SessionTree("r", root, List.of(bg), List.of(new Branch("bg", "r", 0, null,
        List.of("r::sa:bg"), 500)));
    Harness h = new Harness(new Trees.Cfg().ratio(0), List.of(tree, Trees.linear("next", 0))).start();
    h.net.ok(h.net.open("r", 0));
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("r::sa:bg", 0));
    h.clock.advanceMs(500);
    h.net.ok(h.net.open("r", 1));
    h.clock.advanceMs(1_000);
    assertThat(h.net.wasSent("next", 0)).as("root done, background child still live").isFalse();
    assertThat(h.replay.stats().liveTrees()).isEqualTo(1);
    h.clock.advanceMs(3_000);
    h.net.ok(h.net.open("r::sa:bg", 1));
    h.clock.runDue();
    assertThat(h.net.open("next", 0).request().tags().lane()).isZero();
    assertThat(h.replay.stats().maxLiveTrees()).isEqualTo(1);
  }

  @Test
  void afterTheDurationNothingNewStartsAndInFlightFinishesWithinGrace() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.duration = Duration.ofSeconds(5);
    Harness h = new Harness(cfg, List.of(Trees.linear("x", 0, 1_000, 2_000))).start();
    h.net.ok(h.net.open("x", 0));
    h.clock.advanceMs(1_000);
    FakeDispatcher.Sent x1 = h.net.open("x", 1);
    h.clock.advanceMs(5_000);
    assertThat(h.replay.finished()).isNotDone();
    h.net.ok(x1);
    h.clock.advanceMs(60_000);
    assertThat(h.net.wasSent("x", 2)).isFalse();
    assertThat(h.replay.stats().plays()).isEqualTo(1);
    assertThat(h.replay.finished()).isDone();
    assertThat(h.profiling()).hasSize(2);
  }

  @Test
  void finalTurnDuringCooldownDoesNotRecycleAndGraceExpiryCutsOffAndRecordsWhatIsLeft() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(2).ratio(0);
    cfg.duration = Duration.ofSeconds(5);
    Harness h = new Harness(cfg, Trees.pool(4, 0));
    java.util.concurrent.atomic.AtomicInteger graces = new java.util.concurrent.atomic.AtomicInteger();
    h.replay.onGrace(graces::incrementAndGet);
    h.start();
    FakeDispatcher.Sent a = h.net.open("trace_0000", 0);
    FakeDispatcher.Sent b = h.net.open("trace_0001", 0);
    h.clock.advanceMs(4_999);
    assertThat(graces).as("profiling still runs").hasValue(0);
    h.clock.advanceMs(1_001);
    assertThat(graces).as("the duration is reached with two in flight: the grace period started").hasValue(1);
    h.net.ok(a);
    h.clock.runDue();
    assertThat(h.net.open).hasSize(1);
    assertThat(h.net.abortRequested()).isEmpty();
    h.clock.advanceMs(30_000);
    // The grace period is over: b is aborted, and the run ends only once its record is in.
    assertThat(h.net.abortRequested()).containsExactly(b);
    assertThat(h.replay.finished()).isNotDone();
    assertThat(h.net.returnAborted()).isEqualTo(1);
    assertThat(h.replay.finished()).isDone();
    assertThat(h.profiling()).hasSize(2);
    RequestRecord cut = h.profiling().get(1);
    assertThat(cut.tags().conversationId()).isEqualTo("trace_0001");
    assertThat(cut.error().kind()).isEqualTo(ErrorKind.CANCELLED);
    assertThat(cut.error().type()).isEqualTo("CutOff");
    assertThat(cut.error().message()).isEqualTo("cut off at the end of the run: still in flight when "
        + "benchmark-grace-period (30.0 s) ran out");
    assertThat(cut.ackNs()).as("partial timings kept").isPositive();
    assertThat(cut.contentChunkNs()).hasSize(1);
    assertThat(h.replay.stats().cutOff()).isEqualTo(1);
    assertThat(h.replay.stats().cancelledInFlight()).isZero();
    assertThat(h.replay.stats().plays()).isEqualTo(2);
    assertThat(h.log).anyMatch(l -> l.contains("1 request(s) still in flight are cut off"));
  }

  @Test
  void cancelAbortsWhatIsInFlightAndFinishesOnlyOnceEachIsRecorded() {
    Harness h = new Harness(new Trees.Cfg().concurrency(3).ratio(0), Trees.pool(4, 0)).start();
    h.net.ok(h.net.open("trace_0000", 0));
    h.clock.runDue();
    int out = h.net.open.size();
    int before = h.records.size();
    h.replay.cancel();
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.net.abortRequested()).hasSize(out);
    assertThat(h.replay.finished()).isNotDone();
    h.net.returnAborted();
    assertThat(h.replay.finished()).isDone();
    assertThat(h.records).hasSize(before + out);
    assertThat(h.records.subList(before, h.records.size())).allSatisfy(r -> {
      assertThat(r.error().type()).isEqualTo("Cancelled");
      assertThat(r.error().message()).isEqualTo("the run was cancelled while the request was in flight");
    });
    assertThat(h.replay.stats().cancelledInFlight()).isEqualTo(out);
    h.clock.advanceMs(60_000);
    assertThat(h.net.sent).as("nothing sent after the cancel").hasSize(before + out);
  }

  @Test
  void anAbortedRequestThatNeverReturnsGetsARecordFromTheSchedulersTimes() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(1).ratio(0);
    cfg.duration = Duration.ofSeconds(5);
    Harness h = new Harness(cfg, Trees.pool(1, 0)).start();
    FakeDispatcher.Sent a = h.net.open("trace_0000", 0);
    h.clock.advanceMs(5_000 + 30_000);
    assertThat(h.replay.finished()).isNotDone();
    h.clock.advanceMs(AgenticReplay.CLOSE_WAIT_NS / 1e6);
    assertThat(h.replay.finished()).isDone();
    assertThat(h.profiling()).singleElement().satisfies(r -> {
      assertThat(r.error().type()).isEqualTo("CutOff");
      assertThat(r.error().message()).endsWith("(the aborted request did not return within 10 s)");
      assertThat(r.ackNs()).isEqualTo(-1);
    });
    assertThat(h.replay.stats().notReturned()).isEqualTo(1);
    h.net.ok(a); // its own record, much later: discarded, one record per request
    assertThat(h.profiling()).hasSize(1);
  }

  @Test
  void recyclesFollowSamplerOrderWhenManyFinishInOneTick() {
    Harness h = new Harness(new Trees.Cfg().concurrency(10).ratio(0), Trees.pool(12, 0)).start();
    assertThat(h.net.okAll()).isEqualTo(10);
    h.clock.runDue();
    assertThat(h.net.open.stream().map(FakeDispatcher.Sent::conversation).toList()).containsExactly("trace_0010",
        "trace_0011", "trace_0000", "trace_0001", "trace_0002", "trace_0003", "trace_0004", "trace_0005", "trace_0006",
        "trace_0007");
  }

  @Test
  void everyRootIsReplayedRoundRobin() {
    Harness h = new Harness(new Trees.Cfg().concurrency(100).ratio(0), Trees.pool(750, 0)).start();
    int completions = 0;
    for (int round = 0; round < 100 && completions < 1_500; round++) {
      completions += h.net.okAll();
      h.clock.runDue();
    }
    assertThat(h.replay.finished()).isNotCompletedExceptionally();
    assertThat(completions).isGreaterThanOrEqualTo(1_500);
    Map<String, Integer> plays = new HashMap<>();
    h.net.sent.forEach(s -> plays.merge(s.conversation(), 1, Integer::sum));
    assertThat(plays).hasSize(750);
    assertThat(plays.values()).allMatch(n -> n >= 2);
    assertThat(h.replay.stats().maxLiveTrees()).isEqualTo(100);
  }

  @Test
  void fiftyCompletionsOverSeventyRootsGiveFiftyDistinctRoots() {
    Harness h = new Harness(new Trees.Cfg().concurrency(50).ratio(0), Trees.pool(70, 0)).start();
    h.net.okAll();
    h.clock.runDue();
    Set<String> recycled = new HashSet<>();
    h.net.open.forEach(s -> recycled.add(s.conversation()));
    assertThat(h.net.open).hasSize(50);
    assertThat(recycled).hasSize(50);
  }

  @Test
  void liveTreesNeverExceedTheConcurrency() {
    List<SessionTree> pool = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ReplayStream root = new ReplayStream("p" + i, true, 0, null, null, List.of(
          Trees.turn(0, 0, 0, List.of("b" + i, "g" + i), null), Trees.turn(1, 2_000, 1_500, List.of(), "b" + i)));
      ReplayStream fg = Trees.child("p" + i + "::sa:f", "p" + i, "b" + i, Trees.turn(0, 100, 0), Trees.turn(1, 900, 300));
      ReplayStream bg = Trees.child("p" + i + "::sa:g", "p" + i, "g" + i, Trees.turn(0, 200, 0), Trees.turn(1, 9_000, 8_000));
      pool.add(new SessionTree("p" + i, root, List.of(fg, bg), List.of(
          new Branch("b" + i, "p" + i, 0, 1, List.of(fg.sessionId()), 100),
          new Branch("g" + i, "p" + i, 0, null, List.of(bg.sessionId()), 200))));
    }
    Harness h = new Harness(new Trees.Cfg().concurrency(3), pool).start();
    Random random = new Random(7);
    for (int step = 0; step < 3_000 && h.replay.stage() != AgenticReplay.Stage.DONE; step++) {
      if (!h.net.open.isEmpty() && random.nextBoolean()) {
        FakeDispatcher.Sent s = h.net.open.get(random.nextInt(h.net.open.size()));
        if (random.nextInt(10) == 0) {
          h.net.fail(s, ErrorKind.SERVER_ERROR, "boom");
        } else {
          h.net.ok(s);
        }
      } else {
        h.clock.advanceMs(random.nextInt(700));
      }
      Set<String> roots = new HashSet<>();
      Map<Integer, Set<String>> byLane = new HashMap<>();
      h.net.open.forEach(s -> {
        roots.add(s.request().tags().rootCorrelationId());
        byLane.computeIfAbsent(s.request().tags().lane(), k -> new HashSet<>()).add(s.request().tags().rootCorrelationId());
      });
      assertThat(roots.size()).isLessThanOrEqualTo(3);
      assertThat(byLane.values()).allMatch(set -> set.size() == 1);
      assertThat(h.replay.stats().liveTrees()).isLessThanOrEqualTo(3);
    }
    assertThat(h.replay.finished()).as("no broken invariant (e.g. a double recycle)").isNotCompletedExceptionally();
    assertThat(h.replay.stats().plays()).isGreaterThan(20);
    assertThat(h.replay.stats().maxLiveTrees()).isEqualTo(3);
    assertThat(h.replay.stats().branchStats().childrenSpawned()).isGreaterThan(10);
  }
}
