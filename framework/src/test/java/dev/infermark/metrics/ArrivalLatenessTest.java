package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.api.Arrival;
import dev.infermark.api.LoadModel;
import dev.infermark.api.RampShape;

class ArrivalLatenessTest {
  private static Optional<Stats> lagP99(double p99Ms) {
    double[] v = new double[100];
    v[99] = p99Ms * 100; // 99 zeros and one outlier: numpy's p99 interpolates to p99Ms
    return Optional.of(Stats.of(v));
  }

  private static LoadModel.Open open(double rate, int cap) {
    return new LoadModel.Open(rate, Arrival.POISSON, 1, cap, null, null);
  }

  @Test
  void theBoundIsATenthOfTheMeanGapAndAtLeastTwoMilliseconds() {
    assertThat(ArrivalLateness.bound(10)).isEqualTo(10.0); // 100 ms gaps
    assertThat(ArrivalLateness.bound(40)).isEqualTo(2.5);
    assertThat(ArrivalLateness.bound(50)).isEqualTo(2.0);
    assertThat(ArrivalLateness.bound(1000)).isEqualTo(2.0); // 1 ms gaps: the floor
    assertThat(ArrivalLateness.bound(5000)).isEqualTo(2.0);
    assertThat(lagP99(3).orElseThrow().p99()).isEqualTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void anOpenLoopWarnsWhenItsArrivalsLeaveLaterThanTheBound() {
    assertThat(ArrivalLateness.warning(open(10, 0), lagP99(9))).isEmpty();
    assertThat(ArrivalLateness.warning(open(10, 0), lagP99(12))).hasValueSatisfying(w -> assertThat(w)
        .startsWith("WARNING client self-check: arrivals left late: schedule lag p99 12.00 ms is over 10.00 ms")
        .contains("100.000 ms at 10/s").contains("own cores or lower the rate").doesNotContain("\n"));
    assertThat(ArrivalLateness.warning(open(2000, 0), lagP99(1.9))).isEmpty();
    assertThat(ArrivalLateness.warning(open(2000, 0), lagP99(2.2))).hasValueSatisfying(w -> assertThat(w)
        .contains("over 2.00 ms").contains("0.500 ms at 2000/s"));
  }

  @Test
  void aCappedOpenLoopSaysTheCapHeldThemBack() {
    assertThat(ArrivalLateness.warning(open(4, 8), lagP99(2500))).hasValueSatisfying(w -> assertThat(w)
        .contains("max-concurrency 8 held them back").contains("waits for a slot"));
  }

  @Test
  void aUserCentricRateIsCheckedAtItsRateAndAClosedLoopNever() {
    assertThat(ArrivalLateness.warning(new LoadModel.UserCentric(2, 10), lagP99(60))).hasValueSatisfying(w -> assertThat(w)
        .contains("over 50.00 ms").contains("users' turns"));
    assertThat(ArrivalLateness.warning(new LoadModel.Closed(4, null), lagP99(5000))).isEmpty();
  }

  @Test
  void aRampIsCheckedAtItsTargetRateAndNothingMeasuredWarnsOfNothing() {
    LoadModel.Open ramped = new LoadModel.Open(100, Arrival.CONSTANT, 1, 0,
        new LoadModel.Ramp(RampShape.LINEAR, 0, Duration.ofSeconds(10)), null);
    assertThat(ArrivalLateness.warning(ramped, lagP99(2.5))).isPresent();
    assertThat(ArrivalLateness.warning(open(10, 0), Optional.empty())).isEmpty();
  }
}
