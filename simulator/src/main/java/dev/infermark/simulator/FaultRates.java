package dev.infermark.simulator;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * Per-fault injection rates (each in [0, 1], summing to at most 1) and the slow-header delay.
 * Each request draws one uniform number from the seeded stream and gets at most one fault.
 */
public record FaultRates(Map<Fault, Double> rates, Duration slowHeadersDelay) {
  /** No faults. */
  public static final FaultRates NONE = new FaultRates(Map.of(), Duration.ofSeconds(2));

  public FaultRates {
    EnumMap<Fault, Double> m = new EnumMap<>(Fault.class);
    double sum = 0;
    for (Map.Entry<Fault, Double> e : rates.entrySet()) {
      double r = e.getValue();
      if (!(r >= 0 && r <= 1)) {
        throw new IllegalArgumentException("simulator-fault rate of " + e.getKey() + " must be in [0, 1], got " + r);
      }
      if (r > 0) {
        m.put(e.getKey(), r);
      }
      sum += r;
    }
    if (sum > 1 + 1e-9) {
      throw new IllegalArgumentException("simulator-fault-*-rate values sum to " + sum + " (more than 1)");
    }
    rates = Map.copyOf(m);
  }

  /** Only {@code fault}, at {@code rate}. */
  public static FaultRates only(Fault fault, double rate) {
    return new FaultRates(Map.of(fault, rate), NONE.slowHeadersDelay);
  }

  public FaultRates withSlowHeadersDelay(Duration d) {
    return new FaultRates(rates, d);
  }

  public double rate(Fault f) {
    return rates.getOrDefault(f, 0.0);
  }

  /** The fault for the uniform draw {@code u} in [0, 1), or {@code null}; stream-only faults skip non-streams. */
  public Fault pick(double u, boolean stream) {
    double acc = 0;
    for (Fault f : Fault.values()) {
      acc += rate(f);
      if (u < acc) {
        return f.streamOnly() && !stream ? null : f;
      }
    }
    return null;
  }
}
