package dev.infermark.load;

import dev.infermark.api.LoadModel;

/**
 * An arrival rate over time, constant or ramped, as its cumulative intensity Λ(t) = ∫₀ᵗ rate and the inverse:
 * mapping unit-rate gaps through Λ⁻¹ (the time-rescaling theorem) gives arrivals whose local rate follows the
 * curve while keeping their pattern (constant, Poisson, gamma). Times in seconds from the phase's start.
 */
record RateCurve(double from, double to, double rampSeconds, boolean exponential) {
  static RateCurve of(double rate, LoadModel.Ramp ramp) {
    if (ramp == null) {
      return new RateCurve(rate, rate, 0, false);
    }
    return new RateCurve(ramp.from(), rate, ramp.over().toNanos() / 1e9,
        ramp.shape() == dev.infermark.api.RampShape.EXPONENTIAL && ramp.from() != rate);
  }

  /** The rate {@code t} seconds in. */
  double rate(double t) {
    if (t >= rampSeconds) {
      return to;
    }
    return exponential ? from * Math.pow(to / from, t / rampSeconds) : from + (to - from) * t / rampSeconds;
  }

  /** Λ(t): the expected number of arrivals in the first {@code t} seconds. */
  double cumulative(double t) {
    double ramp = Math.min(t, rampSeconds);
    double inRamp;
    if (rampSeconds == 0) {
      inRamp = 0;
    } else if (exponential) {
      double c = Math.log(to / from) / rampSeconds;
      inRamp = from * Math.expm1(c * ramp) / c;
    } else {
      inRamp = from * ramp + (to - from) * ramp * ramp / (2 * rampSeconds);
    }
    return inRamp + to * Math.max(0, t - rampSeconds);
  }

  /** Λ⁻¹(s): when the expected number of arrivals reaches {@code s}. */
  double inverse(double s) {
    double endOfRamp = cumulative(rampSeconds);
    if (s >= endOfRamp) {
      return rampSeconds + (s - endOfRamp) / to;
    }
    if (exponential) {
      double c = Math.log(to / from) / rampSeconds;
      return Math.log1p(c * s / from) / c;
    }
    double a = (to - from) / (2 * rampSeconds);
    if (Math.abs(a) < 1e-15) {
      return s / from;
    }
    // a·t² + from·t − s = 0, the root on the rising branch
    return (-from + Math.sqrt(from * from + 4 * a * s)) / (2 * a);
  }
}
