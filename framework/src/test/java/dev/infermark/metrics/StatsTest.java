package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Expected values are numpy 2.4 results (np.mean, np.std, np.percentile), as AIPerf computes them. */
class StatsTest {
  @Test
  void matchesNumpyOnSmallSet() {
    Stats s = Stats.of(new double[] {3e8, 1e8, 2e8}).divided(1e6);
    assertThat(s.avg()).isEqualTo(200.0);
    assertThat(s.std()).isEqualTo(81.6496580927726);
    assertThat(s.min()).isEqualTo(100.0);
    assertThat(s.max()).isEqualTo(300.0);
    assertThat(new double[] {s.p1(), s.p5(), s.p10(), s.p25(), s.p50(), s.p75(), s.p90(), s.p95(), s.p99()})
        .containsExactly(102.0, 110.0, 120.0, 150.0, 200.0, 250.0, 280.0, 290.0, 298.0);
    assertThat(s.count()).isEqualTo(3);
  }

  @Test
  void matchesNumpyBitForBitOnAThousandValues() {
    double[] x = new double[1000];
    for (int i = 0; i < x.length; i++) {
      x[i] = ((i * 7919) % 1000) * 1.37e6 + i * 0.123 + 1.0 / (i + 3);
    }
    Stats s = Stats.of(x);
    assertThat(s.sum()).isEqualTo(684315061444.4874);
    assertThat(s.avg()).isEqualTo(684315061.4444875);
    assertThat(s.std()).isEqualTo(395484736.63806635);
    assertThat(new double[] {s.p1(), s.p5(), s.p10(), s.p25(), s.p50(), s.p75(), s.p90(), s.p95(), s.p99()}).containsExactly(
        13686396.336166142, 68431612.67532934, 136863102.3497431, 342157571.37512434, 684315081.2431009,
        1026472560.3645447, 1231767047.8377936, 1300198543.6623335, 1354943764.920071);
  }

  @Test
  void singleValueAndNone() {
    Stats one = Stats.of(new double[] {7});
    assertThat(one.p1()).isEqualTo(7);
    assertThat(one.p99()).isEqualTo(7);
    assertThat(one.std()).isZero();
    assertThat(Stats.of(new double[0])).isNull();
  }
}
