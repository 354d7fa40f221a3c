package dev.infermark.metrics;

import java.util.Locale;
import java.util.Optional;

import dev.infermark.api.LoadModel;

/**
 * The client self-check's rule for paced arrivals (an open loop's, a user-centric rate's): they must leave when
 * due, or the server is not offered the load asked for. It warns when the profiling requests' schedule lag p99
 * exceeds {@link #bound(double) the bound}: a tenth of the mean gap between arrivals (1/λ at the target rate λ;
 * during a rate ramp the gaps are longer, so the rule is stricter there), and at least {@value #FLOOR_MS} ms, the
 * replay's target for its departures (issue 12): an LLM server admits new requests once per engine step, so it
 * cannot tell arrivals moved by less from the asked ones, and a thread of a shared 2-core machine does not wake
 * reliably closer to an instant (docs/benchmarks.md). A closed loop's requests are due when they are sent, so it has
 * no such rule.
 */
public final class ArrivalLateness {
  /** The share of the mean inter-arrival gap that the schedule lag p99 may reach. */
  static final double GAP_FRACTION = 0.1;
  /** The least bound, in ms. */
  static final double FLOOR_MS = 2.0;

  private ArrivalLateness() {}

  /** The bound on the schedule lag p99 at {@code rate} arrivals per second, in ms. */
  static double bound(double rate) {
    return Math.max(FLOOR_MS, GAP_FRACTION * 1000 / rate);
  }

  /**
   * The warning when paced arrivals left late, else empty (a closed loop, on time, or no lag measured).
   *
   * @param load the run's load model
   * @param scheduleLag the profiling requests' {@code schedule_lag} statistics, in ms
   */
  public static Optional<String> warning(LoadModel load, Optional<Stats> scheduleLag) {
    double rate;
    String why;
    switch (load) {
      case LoadModel.Open o -> {
        rate = o.rate();
        why = o.capped() ? "max-concurrency " + o.maxConcurrency() + " held them back: the server ended requests more "
            + "slowly than they arrived, so it was offered fewer than the rate asked, and the latencies from the intended "
            + "instant include the waits for a slot"
            : "the server was not offered the arrivals asked for, and the latencies from the intended instant include "
                + "the client's delay. Give the load generator its own cores or lower the rate";
      }
      case LoadModel.UserCentric u -> {
        rate = u.rate();
        why = "the users' turns did not leave on their schedule, and the latencies from the intended instant include "
            + "the client's delay. Give the load generator its own cores or lower the rate";
      }
      case LoadModel.Closed c -> {
        return Optional.empty();
      }
    }
    if (scheduleLag.isEmpty() || !(scheduleLag.get().p99() > bound(rate))) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT,
        "WARNING client self-check: arrivals left late: schedule lag p99 %.2f ms is over %.2f ms (a tenth of the mean gap "
            + "between arrivals, %.3f ms at %s/s, and at least %.0f ms); %s.",
        scheduleLag.get().p99(), bound(rate), 1000 / rate, num(rate), FLOOR_MS, why));
  }

  private static String num(double rate) {
    return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
  }
}
