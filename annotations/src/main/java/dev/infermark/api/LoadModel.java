package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import java.time.Duration;
import java.util.Objects;

import dev.infermark.api.status.API;

/**
 * How a run's iterations are started: the load model, as data (Hyperfoil's {@code ClosedModel} and
 * {@code OpenModel}, in the spirit of JMH's {@code @BenchmarkMode}). The harness reads it from the run's
 * settings, to which {@code @Concurrency}, {@code @RequestRate}, {@code @MaxConcurrency}, {@code @Ramp} and
 * {@code @UserCentricRate} give defaults and AIPerf's flags give values; docs/load-models.md tells which
 * settings make which model.
 */
@API(status = STABLE, since = "0.2")
public sealed interface LoadModel permits LoadModel.Closed, LoadModel.Open, LoadModel.UserCentric {
  /**
   * {@code users} virtual users, each with one iteration in flight and starting the next as soon as it ends
   * ({@code concurrency}); with a ramp, user {@code i} starts when the ramped concurrency reaches {@code i + 1}.
   *
   * @param users the concurrency; at least 1
   * @param ramp how the users are started, or {@code null} for all at once
   */
  record Closed(int users, Ramp ramp) implements LoadModel {
    public Closed {
      if (users < 1) {
        throw new IllegalArgumentException("a closed loop needs at least one user, got " + users);
      }
    }
  }

  /**
   * One iteration per arrival, at {@code rate} arrivals per second ({@code request-rate}), spaced by
   * {@code arrival} ({@code arrival-pattern}, {@code arrival-smoothness}), whatever the server does.
   *
   * @param rate the target rate, arrivals per second; above 0
   * @param arrival the inter-arrival distribution
   * @param smoothness gamma's shape k ({@link Arrival#GAMMA}); 1 otherwise
   * @param maxConcurrency the most iterations in flight ({@code max-concurrency}); an arrival beyond it waits
   *     for a slot, and the wait is measured; 0 for no cap
   * @param rateRamp how the rate reaches {@code rate}, or {@code null} for at once
   * @param concurrencyRamp how the cap reaches {@code maxConcurrency}, or {@code null} for at once
   */
  record Open(double rate, Arrival arrival, double smoothness, int maxConcurrency, Ramp rateRamp, Ramp concurrencyRamp)
      implements LoadModel {
    public Open {
      Objects.requireNonNull(arrival, "arrival");
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new IllegalArgumentException("an open loop's request rate must be a positive number, got " + rate);
      }
      if (!(smoothness > 0)) {
        throw new IllegalArgumentException("arrival smoothness must be above 0, got " + smoothness);
      }
      if (maxConcurrency < 0) {
        throw new IllegalArgumentException("max concurrency must be 0 (none) or more, got " + maxConcurrency);
      }
    }

    /** Whether the in-flight count is capped. */
    public boolean capped() {
      return maxConcurrency > 0;
    }
  }

  /**
   * AIPerf's user-centric rate ({@code user-centric-rate} with {@code num-users}): {@code users} users,
   * each playing its conversations turn by turn, a user's next turn due {@code users / rate} seconds after its
   * previous one was due (or at once when the previous answer came later, which then restarts its schedule);
   * the users' first turns are spread over one such gap, so the whole system sends about {@code rate}
   * requests per second from the start.
   *
   * @param rate requests per second over all users; above 0
   * @param users the number of users; at least 1
   */
  record UserCentric(double rate, int users) implements LoadModel {
    public UserCentric {
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new IllegalArgumentException("a user-centric rate must be a positive number, got " + rate);
      }
      if (users < 1) {
        throw new IllegalArgumentException("a user-centric rate needs at least one user, got " + users);
      }
    }

    /** The gap between one user's turns, {@code users / rate}. */
    public Duration turnGap() {
      return Duration.ofNanos(Math.round(users / rate * 1e9));
    }
  }

  /**
   * A ramp: a quantity grows from {@code from} to its target over {@code over}, then stays there.
   *
   * @param shape linear or exponential
   * @param from the start (a rate in arrivals per second, or a concurrency); exponential needs it above 0
   * @param over how long the ramp takes; above 0
   */
  record Ramp(RampShape shape, double from, Duration over) {
    public Ramp {
      Objects.requireNonNull(shape, "shape");
      Objects.requireNonNull(over, "over");
      if (over.isZero() || over.isNegative()) {
        throw new IllegalArgumentException("a ramp takes some time, got " + over);
      }
      if (!(from >= 0)) {
        throw new IllegalArgumentException("a ramp starts at 0 or more, got " + from);
      }
      if (shape == RampShape.EXPONENTIAL && !(from > 0)) {
        throw new IllegalArgumentException("an exponential ramp starts above 0 (give its start), got " + from);
      }
    }

    /** The ramped value {@code t} into the ramp toward {@code to} ({@code to} itself from the end of the ramp on). */
    public double at(Duration t, double to) {
      double f = Math.min(1, Math.max(0, (double) t.toNanos() / over.toNanos()));
      return switch (shape) {
        case LINEAR -> from + (to - from) * f;
        case EXPONENTIAL -> from * Math.pow(to / from, f);
      };
    }
  }
}
