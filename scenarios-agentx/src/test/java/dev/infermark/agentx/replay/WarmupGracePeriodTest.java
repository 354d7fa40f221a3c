package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Phase;
import dev.infermark.settings.Settings;

/** {@code agentic-warmup-grace-period}: how long warmup waits for its primers (spec §3.5). */
class WarmupGracePeriodTest {
  private static Trees.Cfg cfg(Duration grace) {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0.675);
    cfg.warmupGrace = grace;
    return cfg;
  }

  @Test
  void unsetMeansWarmupWaitsForEveryPrimerHoweverLong() {
    Harness h = new Harness(cfg(null), List.of(Trees.spawnJoin())).start();
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("t::sa:a1", 0));
    h.clock.advanceMs(10 * 3_600_000);
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PRIMING);
    assertThat(h.replay.stats().cancelled()).isFalse();
    h.net.ok(h.net.open("t", 1));
    h.clock.runDue();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PROFILING);
  }

  @Test
  void aRootPrimerStillOutWhenTheGraceEndsIsCancelledAndAbortsTheRun() {
    Harness h = new Harness(cfg(Duration.ofSeconds(60)), List.of(Trees.spawnJoin())).start();
    // Ramp: root primer at 0, child primer at 1 s; the grace counts from the last primer sent.
    FakeDispatcher.Sent rootPrimer = h.net.open("t", 1);
    h.clock.advanceMs(1_000);
    h.net.ok(h.net.open("t::sa:a1", 0));
    h.clock.advanceMs(59_999);
    assertThat(h.replay.stats().cancelled()).isFalse();
    h.clock.advanceMs(1);
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.net.abortRequested()).containsExactly(rootPrimer);
    assertThat(h.replay.finished()).as("waits for the aborted primer's record").isNotDone();
    int recorded = h.records.size();
    h.net.returnAborted();
    assertThat(h.replay.finished()).isDone();
    assertThat(h.records).hasSize(recorded + 1);
    assertThat(h.records.getLast().phase()).isEqualTo(Phase.WARMUP);
    assertThat(h.records.getLast().error().type()).isEqualTo("CutOff");
    assertThat(h.records.getLast().error().message()).isEqualTo("cut off at the end of warmup: still in flight when "
        + "agentic-warmup-grace-period (60.0 s) ran out");
    assertThat(h.replay.stats().warmupFailures()).containsExactly("t");
    assertThat(h.replay.stats().primersCancelled()).isEqualTo(1);
    assertThat(h.log).anyMatch(l -> l.contains("warmup grace period (60.0 s) expired") && l.contains("aborting run early"));
    assertThat(new AgenticReplayGenerator.TrajectoryWarmupFailedException(h.replay.stats().warmupFailures()))
        .hasMessage("Trajectory warmup failed for 1 trace(s): t. Run aborted to preserve metrics integrity.");
    h.clock.advanceMs(60_000);
    assertThat(h.records).hasSize(recorded + 1);
    assertThat(h.sent(Phase.PROFILING)).isEmpty();
  }

  @Test
  void everyRootStillOutIsNamedInTheFailure() {
    Trees.Cfg cfg = new Trees.Cfg().concurrency(3).ratio(0.5);
    cfg.warmupGrace = Duration.ofSeconds(30);
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 10_000, 18_000), Trees.linear("b", 0, 10_000, 30_000),
        Trees.linear("c", 0, 10_000, 20_000))).start();
    h.clock.advanceMs(10_000); // the ramp is at most the 10 s cap
    h.net.ok(h.net.open("c", 0));
    h.clock.advanceMs(30_000);
    assertThat(h.replay.stats().cancelled()).isTrue();
    assertThat(h.replay.stats().warmupFailures()).containsExactly("a", "b");
    assertThat(new AgenticReplayGenerator.TrajectoryWarmupFailedException(h.replay.stats().warmupFailures()))
        .hasMessage("Trajectory warmup failed for 2 trace(s): a, b. Run aborted to preserve metrics integrity.");
  }

  @Test
  void aSubAgentPrimerStillOutIsCancelledAndWarmupGoesOn() {
    Harness h = new Harness(cfg(Duration.ofSeconds(5)), List.of(Trees.spawnJoin())).start();
    h.net.ok(h.net.open("t", 1));
    h.clock.advanceMs(1_000);
    FakeDispatcher.Sent childPrimer = h.net.open("t::sa:a1", 0);
    h.clock.advanceMs(4_999);
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PRIMING);
    h.clock.advanceMs(1);
    assertThat(h.replay.stats().cancelled()).isFalse();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PROFILING);
    assertThat(h.replay.stats().primersCancelled()).isEqualTo(1);
    // The child resumes at its next turn in profiling; its primer, aborted, is recorded as cut off when it returns.
    FakeDispatcher.Sent c1 = h.net.open("t::sa:a1", 1);
    assertThat(c1.request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(h.net.abortRequested()).containsExactly(childPrimer);
    int recorded = h.records.size();
    h.net.returnAborted();
    assertThat(h.records).hasSize(recorded + 1);
    assertThat(h.records.getLast().error().type()).isEqualTo("CutOff");
    assertThat(h.records.getLast().tags().conversationId()).isEqualTo("t::sa:a1");
    assertThat(h.replay.stats().inFlight()).isEqualTo(1);
    h.net.ok(c1);
    h.clock.advanceMs(1_000);
    assertThat(h.net.open("t::sa:a1", 2).request().phase()).isEqualTo(Phase.PROFILING);
    assertThat(h.profiling()).hasSize(1);
  }

  @Test
  void primersReturningInTimeAreUnaffected() {
    Harness h = new Harness(cfg(Duration.ofSeconds(5)), List.of(Trees.spawnJoin())).start();
    h.clock.advanceMs(1_000);
    h.net.okAll();
    h.clock.advanceMs(60_000);
    assertThat(h.replay.stats().cancelled()).isFalse();
    assertThat(h.replay.stats().primersCancelled()).isZero();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PROFILING);
  }

  @Test
  void anExplicitGraceReplacesTheDurationModeDrainBound() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.cacheWarmup = Duration.ofSeconds(5);
    cfg.grace = Duration.ofSeconds(20);
    cfg.warmupGrace = Duration.ofSeconds(8);
    Harness h = new Harness(cfg, List.of(Trees.linear("a", 0, 1_000, 2_000, 3_000))).start();
    h.clock.advanceMs(5_000 + 7_999);
    assertThat(h.replay.finished()).isNotDone();
    h.clock.advanceMs(1);
    assertThat(h.replay.finished()).as("waits for the record of what it cut off").isNotDone();
    assertThat(h.net.returnAborted()).isEqualTo(1);
    assertThat(h.replay.finished()).isCompletedExceptionally();
    assertThat(h.replay.finished().exceptionNow()).hasMessage("Accelerated warmup drain timed out before all wire "
        + "requests returned (1 still in flight after 8 s); raise infermark.agentic-warmup-grace-period");
    assertThat(h.records.getLast().error().message()).isEqualTo("cut off at the end of warmup: still in flight when "
        + "the cache-pressure drain (8 s, infermark.agentic-warmup-grace-period) ran out");
  }

  @Test
  void settingNamesTheDedicatedFlagAndFallsBackToWarmupGracePeriod() {
    List<String> log = new ArrayList<>();
    assertThat(AgenticReplayGenerator.config(Settings.of(Map.of("concurrency", "1")), 1, "b", log::add)
        .warmupGracePeriod()).isNull();
    assertThat(AgenticReplayGenerator.config(Settings.of(Map.of("concurrency", "1", "warmup-grace-period", "1800s")),
        1, "b", log::add).warmupGracePeriod()).isEqualTo(Duration.ofSeconds(1800));
    assertThat(AgenticReplayGenerator.config(Settings.of(Map.of("concurrency", "1", "warmup-grace-period", "1800s",
        "agentic-warmup-grace-period", "90s")), 1, "b", log::add).warmupGracePeriod()).isEqualTo(Duration.ofSeconds(90));
  }
}
