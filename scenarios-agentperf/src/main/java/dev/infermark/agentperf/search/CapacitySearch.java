package dev.infermark.agentperf.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-tier search for the most agents that still pass: the agent count grows exponentially
 * from {@code start} until a phase fails (or {@code max} passes), then a binary search between
 * the last pass and the first fail narrows the boundary to {@code resolution} agents. Assumes the
 * pass/fail outcome is monotone in the agent count, as the methodology does.
 *
 * @param start first agent count (at least 1)
 * @param factor growth factor (above 1)
 * @param max largest agent count tried
 * @param resolution stop when first fail minus last pass is at most this
 */
public record CapacitySearch(int start, double factor, int max, int resolution) {
  public CapacitySearch {
    if (start < 1 || max < start) {
      throw new IllegalArgumentException("agentperf-start-agents must be >= 1 and <= agentperf-max-agents (got " + start
          + ", " + max + ")");
    }
    if (!(factor > 1)) {
      throw new IllegalArgumentException("agentperf-growth-factor must be above 1, got " + factor);
    }
    if (resolution < 1) {
      throw new IllegalArgumentException("agentperf-search-resolution must be >= 1, got " + resolution);
    }
  }

  /** Runs a phase at an agent count and says whether the tier passed. */
  @FunctionalInterface
  public interface Probe {
    boolean passes(int agents) throws InterruptedException;
  }

  /**
   * One step of the search.
   *
   * @param agents the agent count tried
   * @param pass whether it passed
   * @param stage {@code exponential} or {@code binary}
   */
  public record Step(int agents, boolean pass, String stage) {}

  /**
   * The search's outcome.
   *
   * @param capacity the most agents that passed (0 when none did)
   * @param firstFail the fewest agents that failed, or -1 when none did
   * @param reachedMax whether {@code max} passed (capacity is then a lower bound)
   * @param steps every step, in order
   */
  public record Outcome(int capacity, int firstFail, boolean reachedMax, List<Step> steps) {}

  /** Searches; the probe runs (or looks up) a phase per step. */
  public Outcome run(Probe probe) throws InterruptedException {
    List<Step> steps = new ArrayList<>();
    int lastPass = 0;
    int firstFail = -1;
    int n = start;
    while (true) {
      boolean pass = probe.passes(n);
      steps.add(new Step(n, pass, "exponential"));
      if (!pass) {
        firstFail = n;
        break;
      }
      lastPass = n;
      if (n >= max) {
        return new Outcome(lastPass, -1, true, steps);
      }
      n = (int) Math.min(max, Math.max(n + 1L, (long) Math.ceil(n * factor)));
    }
    while (firstFail - lastPass > resolution) {
      int mid = lastPass + (firstFail - lastPass) / 2;
      if (mid == lastPass) {
        break;
      }
      boolean pass = probe.passes(mid);
      steps.add(new Step(mid, pass, "binary"));
      if (pass) {
        lastPass = mid;
      } else {
        firstFail = mid;
      }
    }
    return new Outcome(lastPass, firstFail, false, steps);
  }
}
