package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class WarmupRampTest {
  @Test
  void spreadAlignsEveryTStar() {
    assertThat(WarmupRamp.offsetsMs(List.of(5_000.0, 15_000.0, 10_000.0), 60_000, false))
        .containsExactly(10_000.0, 0.0, 5_000.0);
  }

  @Test
  void leadsAreClampedToTheCap() {
    assertThat(WarmupRamp.offsetsMs(List.of(3 * 3_600_000.0, 10_000.0), 60_000, false)).containsExactly(0.0, 50_000.0);
    assertThat(WarmupRamp.offsetsMs(List.of(3 * 3_600_000.0, 4_000.0), 10_000, false)).containsExactly(0.0, 6_000.0);
  }

  @Test
  void burstAndUnknownLeadsFireAtOnce() {
    assertThat(WarmupRamp.offsetsMs(List.of(5_000.0, 15_000.0), 60_000, true)).containsExactly(0.0, 0.0);
    assertThat(WarmupRamp.offsetsMs(List.of(Double.NaN, 15_000.0), 60_000, false)).containsExactly(0.0, 0.0);
  }

  @Test
  void burstNormalisesPerLaneSpreadKeepsGlobalGaps() {
    List<Double> offsets = List.of(20_000.0, 95_000.0, 28_000.0);
    List<Integer> lanes = List.of(0, 0, 1);
    assertThat(StartAlignment.alignMs(offsets, lanes, true)).containsExactly(0.0, 75_000.0, 0.0);
    assertThat(StartAlignment.alignMs(offsets, lanes, false)).containsExactly(0.0, 75_000.0, 8_000.0);
  }
}
