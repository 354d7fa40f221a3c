package dev.infermark.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ParetoTest {
  @Test
  void keepsThePointsNoOtherBeatsOnBothAxes() {
    // A load curve: per-user speed falls as total throughput rises, until it saturates (the last
    // point is slower per user and no faster in total).
    double[] perUser = {100, 90, 70, 40, 20, 10};
    double[] total = {100, 180, 280, 320, 320, 300};
    assertThat(Pareto.frontier(perUser, total)).containsExactly(true, true, true, true, false, false);
  }

  @Test
  void missingValuesAreNeverOnItAndTiesStay() {
    assertThat(Pareto.frontier(new double[] {1, Double.NaN, 1}, new double[] {5, 9, 5})).containsExactly(true, false, true);
  }
}
