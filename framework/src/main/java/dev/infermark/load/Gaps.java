package dev.infermark.load;

import java.util.SplittableRandom;

import dev.infermark.api.Arrival;

/**
 * Inter-arrival gaps of mean 1, seeded (the same seed gives the same gaps): constant, exponential (a Poisson
 * process) or gamma of shape k scaled to mean 1 (coefficient of variation 1/√k). {@link ArrivalTimes} maps
 * them through the rate.
 */
abstract sealed class Gaps permits Gaps.Constant, Gaps.Exponential, Gaps.Gamma {
  /** The next gap, mean 1. */
  abstract double next();

  static Gaps of(Arrival arrival, double smoothness, long seed) {
    return switch (arrival) {
      case CONSTANT -> new Constant();
      case POISSON -> new Exponential(new SplittableRandom(seed));
      case GAMMA -> smoothness == 1 ? new Exponential(new SplittableRandom(seed)) : new Gamma(smoothness, new SplittableRandom(seed));
    };
  }

  static final class Constant extends Gaps {
    @Override
    double next() {
      return 1;
    }
  }

  static final class Exponential extends Gaps {
    private final SplittableRandom random;

    Exponential(SplittableRandom random) {
      this.random = random;
    }

    @Override
    double next() {
      return -Math.log1p(-random.nextDouble()); // nextDouble is in [0, 1): 1 - u is in (0, 1]
    }
  }

  /** Marsaglia and Tsang's method (2000); below shape 1, a gamma of shape k + 1 times U^(1/k). */
  static final class Gamma extends Gaps {
    private final double shape;
    private final SplittableRandom random;

    Gamma(double shape, SplittableRandom random) {
      if (!(shape > 0)) {
        throw new IllegalArgumentException("gamma's shape must be above 0, got " + shape);
      }
      this.shape = shape;
      this.random = random;
    }

    @Override
    double next() {
      double g = shape >= 1 ? sample(shape) : sample(shape + 1) * Math.pow(uniformOpen(), 1 / shape);
      return g / shape; // mean k, scaled to mean 1
    }

    private double sample(double k) {
      double d = k - 1.0 / 3;
      double c = 1 / Math.sqrt(9 * d);
      while (true) {
        double x;
        double v;
        do {
          x = normal();
          v = 1 + c * x;
        } while (v <= 0);
        v = v * v * v;
        double u = uniformOpen();
        if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
          return d * v;
        }
      }
    }

    private double uniformOpen() {
      double u;
      do {
        u = random.nextDouble();
      } while (u == 0);
      return u;
    }

    /** A standard normal (Box–Muller, one of the pair). */
    private double normal() {
      return Math.sqrt(-2 * Math.log(uniformOpen())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
  }
}
