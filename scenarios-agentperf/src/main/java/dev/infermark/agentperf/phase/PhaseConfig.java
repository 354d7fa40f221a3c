package dev.infermark.agentperf.phase;

import java.time.Duration;

/**
 * How a phase runs and when it ends.
 *
 * @param minTrajectories gate: trajectories completed in the phase (methodology: 30)
 * @param minTrajectoriesPerAgent gate: trajectories every agent completed (methodology: 3)
 * @param steadyDuration gate: length of the steady-state window (methodology: 10 min)
 * @param settle how long all agents must have been active before the window opens (methodology: 30 s)
 * @param timeout a phase not meeting its gates by then ends incomplete
 * @param drainTimeout how long to wait, after the window closes, for its requests to finish
 * @param poll how often the gates are checked
 * @param toolDelayScale multiplies every tool delay (1 in the methodology)
 */
public record PhaseConfig(int minTrajectories, int minTrajectoriesPerAgent, Duration steadyDuration, Duration settle,
    Duration timeout, Duration drainTimeout, Duration poll, double toolDelayScale) {
  public PhaseConfig {
    if (minTrajectories < 0 || minTrajectoriesPerAgent < 0) {
      throw new IllegalArgumentException("trajectory gates cannot be negative");
    }
    if (poll.isZero() || poll.isNegative()) {
      throw new IllegalArgumentException("the gate poll interval must be positive");
    }
    if (toolDelayScale < 0) {
      throw new IllegalArgumentException("agentperf-tool-delay-scale cannot be negative");
    }
  }

  /**
   * The gates one shard of a phase checks: its share of the trajectory gate (shard {@code i} of
   * {@code n}: {@code min/n}, plus one when {@code i < min mod n}, so the shares add up to the
   * whole gate); the per-agent and window gates are every agent's and every shard's anyway.
   */
  public PhaseConfig sharedBy(dev.infermark.shard.Shard shard) {
    return shard.sharded() ? new PhaseConfig(shard.share(minTrajectories), minTrajectoriesPerAgent, steadyDuration, settle,
        timeout, drainTimeout, poll, toolDelayScale) : this;
  }

  /** The poll interval fitting a steady window: a fiftieth of it, between 10 ms and 1 s. */
  public static Duration pollFor(Duration steady) {
    long ms = Math.clamp(steady.toMillis() / 50, 10, 1000);
    return Duration.ofMillis(ms);
  }
}
