package dev.infermark.agentperf.search;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.sweep.LimitSearch;

/**
 * What the search found for one tier.
 *
 * @param tier the tier
 * @param outcome the search's steps and capacity (agent counts)
 * @param atCapacity the phase run at the capacity, or {@code null} when no count passed
 */
public record TierResult(Tier tier, LimitSearch.Outcome outcome, PhaseResult atCapacity) {
  /** The most agents that passed (0 when none did). */
  public int capacity() {
    return (int) outcome.largestPass();
  }

  /** The fewest agents that failed, or -1 when none did. */
  public int firstFail() {
    return Double.isNaN(outcome.smallestFail()) ? -1 : (int) outcome.smallestFail();
  }

  /** Whether {@code agentperf-max-agents} passed (the capacity is then a lower bound). */
  public boolean reachedMax() {
    return outcome.reachedMax();
  }
}
