package dev.infermark.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.infermark.api.Arrival;
import dev.infermark.api.LoadModel;
import dev.infermark.api.RampShape;

/** Arrival processes are small seeded generators: their instants follow the pattern and rate they are asked for. */
class ArrivalTimesTest {
  private static long[] instants(LoadModel.Open model, long seed, int n) {
    ArrivalTimes times = ArrivalTimes.of(model, seed);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = times.next();
    }
    return out;
  }

  /** The gaps between consecutive instants, in seconds. */
  private static double[] gaps(long[] instants) {
    double[] g = new double[instants.length - 1];
    for (int i = 1; i < instants.length; i++) {
      g[i - 1] = (instants[i] - instants[i - 1]) / 1e9;
    }
    return g;
  }

  private static LoadModel.Open open(double rate, Arrival arrival, double smoothness) {
    return new LoadModel.Open(rate, arrival, smoothness, 0, null, null);
  }

  @Test
  void constantArrivalsAreEvenlySpacedAtTheRate() {
    long[] t = instants(open(250, Arrival.CONSTANT, 1), 1, 1000);
    assertThat(t[0]).isZero();
    for (double g : gaps(t)) {
      assertThat(g).isCloseTo(1 / 250.0, within(1e-9));
    }
  }

  @Test
  void poissonGapsPassAKolmogorovSmirnovTestAgainstTheExponentialAtTheRate() {
    double rate = 40;
    double[] g = gaps(instants(open(rate, Arrival.POISSON, 1), 20260707L, 20_001));
    Arrays.sort(g);
    int n = g.length;
    double d = 0;
    for (int i = 0; i < n; i++) {
      double cdf = 1 - Math.exp(-rate * g[i]);
      d = Math.max(d, Math.max(cdf - (double) i / n, (double) (i + 1) / n - cdf));
    }
    // critical value at the 1 % level: 1.63 / sqrt(n)
    assertThat(d).as("KS statistic against Exp(%s)", rate).isLessThan(1.63 / Math.sqrt(n));
    // and the test has power: the same gaps are not exponential at twice the rate
    double wrong = 0;
    for (int i = 0; i < n; i++) {
      double cdf = 1 - Math.exp(-2 * rate * g[i]);
      wrong = Math.max(wrong, Math.max(cdf - (double) i / n, (double) (i + 1) / n - cdf));
    }
    assertThat(wrong).isGreaterThan(1.63 / Math.sqrt(n));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.25, 0.5, 2, 4})
  void gammaGapsHaveTheMeanOfTheRateAndACoefficientOfVariationOfOneOverRootSmoothness(double k) {
    double rate = 10;
    double[] g = gaps(instants(open(rate, Arrival.GAMMA, k), 7, 40_001));
    double mean = Arrays.stream(g).average().orElseThrow();
    double sd = Math.sqrt(Arrays.stream(g).map(x -> (x - mean) * (x - mean)).sum() / (g.length - 1));
    assertThat(mean).isCloseTo(1 / rate, within(0.03 / rate));
    assertThat(sd / mean).as("CV at smoothness %s", k).isCloseTo(1 / Math.sqrt(k), within(0.04 / Math.sqrt(k)));
  }

  @Test
  void theSameSeedGivesTheSameInstantsAndAnotherSeedOthers() {
    LoadModel.Open m = open(100, Arrival.POISSON, 1);
    assertThat(instants(m, 5, 200)).containsExactly(instants(m, 5, 200));
    assertThat(instants(m, 6, 200)).isNotEqualTo(instants(m, 5, 200));
    LoadModel.Open g = open(100, Arrival.GAMMA, 0.5);
    assertThat(instants(g, 5, 200)).containsExactly(instants(g, 5, 200));
  }

  /** How many of {@code t} fall in [from, to) seconds. */
  private static long count(long[] t, double from, double to) {
    return Arrays.stream(t).filter(x -> x >= from * 1e9 && x < to * 1e9).count();
  }

  @Test
  void aLinearRampReachesItsTargetRateAtItsEndAndStaysThere() {
    LoadModel.Ramp ramp = new LoadModel.Ramp(RampShape.LINEAR, 0, Duration.ofSeconds(10));
    long[] t = instants(new LoadModel.Open(100, Arrival.CONSTANT, 1, 0, ramp, null), 1, 2_000);
    // expected arrivals in the ramp: the area under 0 -> 100/s over 10 s, 500
    assertThat(count(t, 0, 10)).isBetween(499L, 501L);
    assertThat(count(t, 0, 5)).as("a quarter of the area in the first half").isBetween(124L, 126L);
    assertThat(count(t, 9, 10)).as("about 95/s in the last second of the ramp").isBetween(94L, 96L);
    assertThat(count(t, 10, 12)).as("the target after it").isBetween(199L, 201L);
  }

  @Test
  void anExponentialRampGrowsByAConstantFactorToItsTarget() {
    LoadModel.Ramp ramp = new LoadModel.Ramp(RampShape.EXPONENTIAL, 1, Duration.ofSeconds(6));
    long[] t = instants(new LoadModel.Open(64, Arrival.CONSTANT, 1, 0, ramp, null), 1, 2_000);
    // rate 2^t: 1/s at 0, 64/s at 6 s; the area is (64 - 1) / ln 2 = 90.9 arrivals
    assertThat(count(t, 0, 6)).isBetween(90L, 92L);
    assertThat(count(t, 5, 6)).as("2^5 .. 2^6 per second").isBetween(45L, 47L);
    assertThat(count(t, 6, 8)).isBetween(127L, 129L);
    RateCurve c = RateCurve.of(64, ramp);
    assertThat(c.rate(3)).isCloseTo(8, within(1e-9));
    assertThat(c.inverse(c.cumulative(4.5))).isCloseTo(4.5, within(1e-9));
  }

  @Test
  void aPoissonRampKeepsItsPatternAndFollowsTheRate() {
    LoadModel.Ramp ramp = new LoadModel.Ramp(RampShape.LINEAR, 10, Duration.ofSeconds(20));
    long[] t = instants(new LoadModel.Open(90, Arrival.POISSON, 1, 0, ramp, null), 3, 5_000);
    // 10 -> 90/s over 20 s: 1,000 expected arrivals in the ramp (Poisson: within about 3 sd = 95)
    assertThat(count(t, 0, 20)).isBetween(905L, 1095L);
    assertThat(count(t, 20, 40)).isBetween(1800L - 130, 1800L + 130);
  }
}
