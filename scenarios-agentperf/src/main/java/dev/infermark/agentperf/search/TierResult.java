package dev.infermark.agentperf.search;

import dev.infermark.agentperf.phase.PhaseResult;

/**
 * What the search found for one tier.
 *
 * @param tier the tier
 * @param outcome the search's steps and capacity
 * @param atCapacity the phase run at the capacity, or {@code null} when no count passed
 */
public record TierResult(Tier tier, CapacitySearch.Outcome outcome, PhaseResult atCapacity) {}
