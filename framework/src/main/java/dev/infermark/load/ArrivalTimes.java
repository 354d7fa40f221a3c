package dev.infermark.load;

import java.util.Arrays;

import dev.infermark.api.LoadModel;

/**
 * An open loop's arrival instants, as offsets from the phase's start in nanoseconds, in order (each at or after
 * the previous one); {@link Long#MAX_VALUE} once there is none left. Not thread-safe: one pacer reads it.
 */
@FunctionalInterface
public interface ArrivalTimes {
  /** The next arrival's offset from the phase's start, ns; {@link Long#MAX_VALUE} when the schedule is over. */
  long next();

  /**
   * The arrivals of {@code model}: seeded (the same model and seed give the same instants), the first at 0, each
   * later one a gap of the model's pattern after the last, mapped through its rate curve (constant, or ramped
   * linearly or exponentially).
   */
  static ArrivalTimes of(LoadModel.Open model, long seed) {
    return new Generated(Gaps.of(model.arrival(), model.smoothness(), seed), RateCurve.of(model.rate(), model.rateRamp()));
  }

  /** A fixed schedule: these offsets (ns from the phase's start, sorted here), then none. */
  static ArrivalTimes fixed(long[] offsetsNs) {
    long[] sorted = offsetsNs.clone();
    Arrays.sort(sorted);
    return new ArrivalTimes() {
      private int next;

      @Override
      public long next() {
        return next < sorted.length ? sorted[next++] : Long.MAX_VALUE;
      }
    };
  }

  /** Gaps of mean 1 mapped through a rate curve (the time-rescaling theorem). */
  final class Generated implements ArrivalTimes {
    private final Gaps gaps;
    private final RateCurve curve;
    private double operational; // the expected arrival count so far, in unit-rate time
    private boolean started;

    Generated(Gaps gaps, RateCurve curve) {
      this.gaps = gaps;
      this.curve = curve;
    }

    @Override
    public long next() {
      if (started) {
        operational += gaps.next();
      }
      started = true;
      double t = curve.inverse(operational);
      return t >= Long.MAX_VALUE / 1e9 ? Long.MAX_VALUE : (long) (t * 1e9);
    }
  }
}
