package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.infermark.api.LoadModel;
import dev.infermark.api.RampShape;

/** When a ramped closed loop's users start, and when a user-centric user's turns are due, on a fake clock. */
class PacingTest {
  private static final long S = 1_000_000_000L;

  @Test
  void aLinearConcurrencyRampStartsOneMoreUserAtEvenIntervalsFromOne() {
    LoadModel.Ramp ramp = new LoadModel.Ramp(RampShape.LINEAR, 1, Duration.ofSeconds(30));
    // AIPerf: 100 users over 30 s start at 1 and add one about every 0.3 s
    assertThat(ClosedPhase.startOffsetNs(ramp, 0, 100)).isZero();
    assertThat(ClosedPhase.startOffsetNs(ramp, 1, 100)).isEqualTo(30 * S / 99);
    assertThat(ClosedPhase.startOffsetNs(ramp, 50, 100)).isEqualTo(30 * S * 50 / 99);
    assertThat(ClosedPhase.startOffsetNs(ramp, 99, 100)).as("the last at the end of the ramp").isEqualTo(30 * S);
    assertThat(ClosedPhase.startOffsetNs(null, 99, 100)).as("no ramp: all at once").isZero();
  }

  @Test
  void anExponentialConcurrencyRampDoublesTheUsersAtEvenIntervals() {
    LoadModel.Ramp ramp = new LoadModel.Ramp(RampShape.EXPONENTIAL, 1, Duration.ofSeconds(60));
    // 1 -> 64 users over 60 s: 2 at 10 s, 4 at 20 s, ... 64 at 60 s
    assertThat(ClosedPhase.startOffsetNs(ramp, 1, 64)).isEqualTo(10 * S);
    assertThat(ClosedPhase.startOffsetNs(ramp, 3, 64)).isEqualTo(20 * S);
    assertThat(ClosedPhase.startOffsetNs(ramp, 31, 64)).isEqualTo(50 * S);
    assertThat(ClosedPhase.startOffsetNs(ramp, 63, 64)).isEqualTo(60 * S);
  }

  @Test
  void aUserCentricUsersTurnsAreAGapApartAndALateAnswerRestartsItsSchedule() {
    LoadModel.UserCentric model = new LoadModel.UserCentric(2, 10); // a turn per user every 5 s
    long start = 1_000 * S;
    ClosedPhase.UserCentricPacing user3 = new ClosedPhase.UserCentricPacing(start, model, 3);
    assertThat(user3.due(start)).as("first turns spread over one gap: user 3 at 3 / 2 s").isEqualTo(start + 1_500_000_000L);
    // its answer came at once: the next turn is due a gap after the previous was due
    assertThat(user3.due(start + 2 * S)).isEqualTo(start + 6_500_000_000L);
    // its answer came late (at 13 s, after the 11.5 s due): due at once, and the schedule restarts from there
    assertThat(user3.due(start + 13 * S)).isEqualTo(start + 13 * S);
    assertThat(user3.due(start + 14 * S)).isEqualTo(start + 18 * S);
    ClosedPhase.UserCentricPacing user0 = new ClosedPhase.UserCentricPacing(start, model, 0);
    assertThat(user0.due(start)).isEqualTo(start);
  }
}
