package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;

class AgenticReplayWarmupTest {
  @Test
  void onePrimerPerLiveStreamWithOneTokenAtTheWarmTurnThenProfilingResumesAtTheNextTurn() {
    Harness h = new Harness(new Trees.Cfg().ratio(0.675), List.of(Trees.spawnJoin())).start();
    // t* = 13 500: root primes turn 1 (lead 1.5 s, fires first), the live child primes turn 0 (lead 0.5 s, 1 s later).
    assertThat(h.net.sent).hasSize(1);
    FakeDispatcher.Sent rootPrimer = h.net.open("t", 1);
    h.clock.advanceMs(999);
    assertThat(h.net.sent).hasSize(1);
    h.clock.advanceMs(1);
    FakeDispatcher.Sent childPrimer = h.net.open("t::sa:a1", 0);
    for (FakeDispatcher.Sent s : List.of(rootPrimer, childPrimer)) {
      assertThat(s.request().phase()).isEqualTo(Phase.WARMUP);
      assertThat(s.request().maxTokens()).isEqualTo(1);
      assertThat(s.request().model()).isEqualTo("model-x");
      assertThat(s.request().tags().extra()).containsEntry("phase_name", "agentic.warmup");
    }
    String marker = (String) rootPrimer.request().tags().extra().get("cache_bust_marker");
    assertThat(marker).matches("\\[rid:[0-9a-f]{12}]");
    assertThat(rootPrimer.firstUserText()).startsWith(marker + "\n\n");
    assertThat(childPrimer.firstUserText()).startsWith(marker + "\n\n");

    h.net.okAll();
    h.clock.runDue();
    // Profiling: the child resumes at turn 1 at once (only dispatchable state); the parent stays gated.
    FakeDispatcher.Sent c1 = h.net.open("t::sa:a1", 1);
    assertThat(c1.request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(c1.request().maxTokens()).isEqualTo(101);
    assertThat(c1.firstUserText()).startsWith(marker);
    assertThat(c1.request().tags().correlationId()).isEqualTo(childPrimer.request().tags().correlationId());
    assertThat(h.net.wasSent("t", 2)).isFalse();
    h.net.ok(c1);
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("t::sa:a1", 2));
    h.clock.advanceMs(1_999);
    assertThat(h.net.wasSent("t", 2)).as("join turn keeps its 2 s delay after the last child").isFalse();
    h.clock.advanceMs(1);
    assertThat(h.net.open("t", 2).request().maxTokens()).isEqualTo(102);
    assertThat(h.replay.stats().branchStats().parentsResumed()).isEqualTo(1);
    assertThat(h.records).hasSize(4);
    assertThat(h.records.stream().filter(r -> r.phase() == Phase.WARMUP)).hasSize(2);
  }

  @Test
  void rootPrimerFailureAbortsTheRunButAChildPrimerFailureDoesNot() {
    Harness h = new Harness(new Trees.Cfg().ratio(0.675), List.of(Trees.spawnJoin())).start();
    h.clock.advanceMs(1_000);
    h.net.fail(h.net.open("t::sa:a1", 0), ErrorKind.SERVER_ERROR, "boom");
    assertThat(h.replay.stats().cancelled()).isFalse();
    h.net.fail(h.net.open("t", 1), ErrorKind.CONTEXT_OVERFLOW, "maximum context length is 131072 tokens");
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.replay.stats().warmupFailures()).containsExactly("t");
    assertThat(h.replay.finished()).isDone();
    h.clock.advanceMs(60_000);
    assertThat(h.sent(Phase.PROFILING)).isEmpty();
  }

  @Test
  void spreadRampAlignsTStarAcrossLanesAndProfilingKeepsTheirGap() {
    // Lane 0: t* = 9 000 (lead 9 s, next offset 1 s). Lane 1: t* = 15 000 (lead 5 s, next offset 15 s).
    Harness h = new Harness(new Trees.Cfg().concurrency(2).ratio(0.5),
        List.of(Trees.linear("a", 0, 10_000, 18_000), Trees.linear("b", 0, 10_000, 30_000))).start();
    assertThat(h.net.open("a", 0).request().phase()).isEqualTo(Phase.WARMUP);
    assertThat(h.net.wasSent("b", 1)).isFalse();
    h.clock.advanceMs(4_000);
    assertThat(h.net.open("b", 1).request().maxTokens()).isEqualTo(1);
    h.net.okAll();
    h.clock.runDue();
    FakeDispatcher.Sent a1 = h.net.open("a", 1);
    assertThat(a1.request().phase()).isEqualTo(Phase.PROFILING);
    // b's first profiling request keeps its 14 s gap behind a's (a stays in flight, so no idle shift).
    h.clock.advanceMs(13_999);
    assertThat(h.net.wasSent("b", 2)).isFalse();
    h.clock.advanceMs(1);
    assertThat(h.net.open("b", 2).request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(h.replay.stats().idleJumps()).isZero();
  }

  @Test
  void burstStartsEveryLaneAtOnce() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(2).ratio(0.5);
    cfg.burst = true;
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 10_000, 18_000), Trees.linear("b", 0, 10_000, 30_000)))
        .start();
    assertThat(h.net.open.size()).as("primers all at once").isEqualTo(2);
    h.net.okAll();
    h.clock.runDue();
    assertThat(FakeDispatcher.describe(h.net.open)).isEqualTo("[a#1, b#2]");
  }

  @Test
  void requestCountWarmupRunsWithoutDelaysThenHandsOffTheNextTurn() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0.5);
    cfg.perLane = 2;
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000))).start();
    // t* = 3 000: primer = turn 2, then two cache-pressure requests (turns 3, 4) with no think time.
    h.net.ok(h.net.open("a", 2));
    h.clock.runDue();
    FakeDispatcher.Sent p3 = h.net.open("a", 3);
    assertThat(p3.request().phase()).isEqualTo(Phase.WARMUP);
    assertThat(p3.request().maxTokens()).isEqualTo(1);
    h.net.ok(p3);
    h.clock.runDue();
    h.net.ok(h.net.open("a", 4));
    h.clock.runDue();
    // Quota reached: turn 5 is handed to profiling and, being the earliest, fires at once.
    FakeDispatcher.Sent p5 = h.net.open("a", 5);
    assertThat(p5.request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(p5.request().maxTokens()).isEqualTo(105);
    assertThat(p5.request().tags().correlationId()).isEqualTo(p3.request().tags().correlationId());
    assertThat(p5.firstUserText()).startsWith((String) p3.request().tags().extra().get("cache_bust_marker"));
    assertThat(h.sent(Phase.WARMUP)).hasSize(3);
  }

  @Test
  void cachePressureStartsOnlyAfterEveryPrimerReturned() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(2).ratio(0.5);
    cfg.perLane = 1;
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 1_000, 2_000, 3_000), Trees.linear("b", 0, 1_000, 2_000,
        3_000))).start();
    assertThat(FakeDispatcher.describe(h.net.open)).isEqualTo("[a#1, b#1]");
    h.net.ok(h.net.open("a", 1));
    h.clock.advanceMs(5_000);
    assertThat(FakeDispatcher.describe(h.net.open)).as("b's primer still out").isEqualTo("[b#1]");
    h.net.ok(h.net.open("b", 1));
    h.clock.runDue();
    assertThat(FakeDispatcher.describe(h.net.open)).isEqualTo("[a#2, b#2]");
    assertThat(h.net.open).allMatch(s -> s.request().phase() == Phase.WARMUP && s.request().maxTokens() == 1);
  }

  @Test
  void durationWarmupStopsIssuingAtItsEndAndDrains() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.cacheWarmup = java.time.Duration.ofSeconds(5);
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 1_000, 2_000, 3_000))).start();
    // t* = 0: nothing to prime; the pressure stage replays from turn 0 at full speed.
    h.net.ok(h.net.open("a", 0));
    h.clock.runDue();
    FakeDispatcher.Sent w1 = h.net.open("a", 1);
    assertThat(w1.request().phase()).isEqualTo(Phase.WARMUP);
    h.clock.advanceMs(5_000);
    h.net.ok(w1);
    h.clock.runDue();
    FakeDispatcher.Sent p2 = h.net.open("a", 2);
    assertThat(p2.request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(p2.sentNs()).isEqualTo(h.clock.nowNanos());
  }

  @Test
  void durationWarmupDrainIsBoundedAndFailsTheRunWhenExceeded() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.cacheWarmup = java.time.Duration.ofSeconds(5);
    cfg.grace = java.time.Duration.ofSeconds(20);
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 1_000, 2_000, 3_000))).start();
    h.clock.advanceMs(5_000 + 19_999);
    assertThat(h.replay.finished()).isNotDone();
    h.clock.advanceMs(1);
    assertThat(h.net.returnAborted()).as("the request on the wire is cut off and recorded").isEqualTo(1);
    assertThat(h.records.getLast().error().type()).isEqualTo("CutOff");
    assertThat(h.replay.finished()).isCompletedExceptionally();
    assertThat(h.replay.finished().exceptionNow()).hasMessageStartingWith(
        "Accelerated warmup drain timed out before all wire requests returned (1 still in flight after 20 s)");
    assertThat(h.sent(Phase.PROFILING)).isEmpty();
  }
}
