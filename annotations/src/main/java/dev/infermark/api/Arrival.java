package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.Locale;

import dev.infermark.api.status.API;

/**
 * How an open loop's arrivals are spaced at a mean rate λ (AIPerf's {@code --arrival-pattern}, vLLM's
 * {@code --burstiness}): the inter-arrival times' distribution, each with mean 1/λ.
 */
@API(status = STABLE, since = "0.2")
public enum Arrival {
  /** Evenly spaced, exactly 1/λ apart (coefficient of variation 0). */
  CONSTANT,
  /** A Poisson process: exponential gaps (coefficient of variation 1). AIPerf's default. */
  POISSON,
  /**
   * Gamma-distributed gaps of shape k, the smoothness ({@code arrival-smoothness}, vLLM's burstiness):
   * coefficient of variation 1/√k; k &lt; 1 is burstier than Poisson, k = 1 is Poisson, k &gt; 1 smoother.
   */
  GAMMA;

  /** The setting's spelling: {@code constant}, {@code poisson}, {@code gamma}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
