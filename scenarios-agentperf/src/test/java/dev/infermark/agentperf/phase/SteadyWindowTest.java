package dev.infermark.agentperf.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Phase;

class SteadyWindowTest {
  private static final long S = 1_000_000_000L;

  @Test
  void opensOnlyAfterAllAgentsHaveBeenActiveForTheSettleTime() {
    SteadyWindow w = new SteadyWindow(3, 30 * S);
    w.active(0, 0);
    w.active(1, 5 * S);
    assertThat(w.openNs()).isEqualTo(-1);
    assertThat(w.admit(100 * S)).isEqualTo(Phase.WARMUP);
    w.active(1, 6 * S); // an agent counts once
    assertThat(w.openNs()).isEqualTo(-1);
    w.active(2, 10 * S);
    assertThat(w.openNs()).isEqualTo(40 * S);
    assertThat(w.admit(39 * S)).isEqualTo(Phase.WARMUP);
    assertThat(w.admit(40 * S)).isEqualTo(Phase.PROFILING);
  }

  @Test
  void aShardsWindowOpensAtTheAgreedInstantOrWhenItsAgentsHaveSettled() {
    SteadyWindow w = new SteadyWindow(2, 30 * S, 100 * S);
    w.active(3, 50 * S);
    w.active(5, 60 * S); // the shard's agents keep their numbers in the whole phase
    assertThat(w.openNs()).isEqualTo(100 * S);
    assertThat(w.admit(99 * S)).isEqualTo(Phase.WARMUP);
    assertThat(w.admit(100 * S)).isEqualTo(Phase.PROFILING);
    SteadyWindow late = new SteadyWindow(1, 30 * S, 100 * S);
    late.active(0, 80 * S);
    assertThat(late.openNs()).isEqualTo(110 * S);
  }

  @Test
  void closingEndsAdmissionAndDrainWaitsForWindowRequests() {
    SteadyWindow w = new SteadyWindow(1, 0);
    w.active(0, 0);
    Phase a = w.admit(1);
    Phase b = w.admit(2);
    assertThat(w.drained()).isFalse();
    w.close(3);
    assertThat(w.closeNs()).isEqualTo(3);
    assertThat(w.admit(4)).isEqualTo(Phase.WARMUP);
    w.finished(Phase.WARMUP);
    w.finished(a);
    assertThat(w.drained()).isFalse();
    w.finished(b);
    assertThat(w.drained()).isTrue();
    assertThat(w.admitted()).isEqualTo(2);
    w.close(10);
    assertThat(w.closeNs()).isEqualTo(3);
  }

  @Test
  void gatesNeedTrajectoriesPerAgentAndSteadyTime() {
    PhaseConfig c = new PhaseConfig(30, 3, Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofHours(1),
        Duration.ofMinutes(10), Duration.ofSeconds(1), 1);
    int[] ten = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
    assertThat(GateStatus.check(c, ten, 0, 600 * S).met()).isTrue();
    // 29 trajectories in total.
    int[] short1 = {3, 3, 3, 3, 3, 3, 3, 3, 3, 2};
    GateStatus g = GateStatus.check(c, short1, 0, 600 * S);
    assertThat(g.met()).isFalse();
    assertThat(g.trajectoriesMet()).isFalse();
    assertThat(g.perAgentMet()).isFalse();
    // 40 trajectories but one agent has only 2.
    int[] uneven = {10, 10, 9, 2, 3, 3, 3};
    assertThat(GateStatus.check(c, uneven, 0, 600 * S).perAgentMet()).isFalse();
    assertThat(GateStatus.check(c, uneven, 0, 600 * S).trajectoriesMet()).isTrue();
    // Steady time short by one nanosecond, and a window not yet open.
    assertThat(GateStatus.check(c, ten, 1, 600 * S).steadyMet()).isFalse();
    assertThat(GateStatus.check(c, ten, -1, 6000 * S).steadyMet()).isFalse();
    assertThat(GateStatus.check(c, ten, -1, 6000 * S).steadyNanos()).isZero();
  }
}
