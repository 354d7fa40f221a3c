package dev.infermark.agentperf.agent;

import java.util.SplittableRandom;

/**
 * Which trajectories each agent works through, and at which turn its first one starts: a pure
 * function of the seed, the pool size and the agent's number, so agent {@code a} works through
 * the same trajectories in every phase whatever the phase's agent count.
 *
 * <p>Trajectories are put in one seeded order; agent {@code a} walks that order from a start spread
 * over the pool by the golden ratio (so any number of agents covers the pool evenly). Its first
 * trajectory starts at a seeded turn offset of at most {@code maxStartOffset}, so agents do not
 * send their first requests in lock step.
 */
public final class Assignment {
  private static final double GOLDEN = 0.6180339887498949;

  private final long seed;
  private final int[] order;
  private final int maxStartOffset;

  public Assignment(long seed, int poolSize, int maxStartOffset) {
    if (poolSize < 1) {
      throw new IllegalArgumentException("the trajectory pool is empty");
    }
    this.seed = seed;
    this.maxStartOffset = Math.max(0, maxStartOffset);
    order = new int[poolSize];
    for (int i = 0; i < poolSize; i++) {
      order[i] = i;
    }
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = poolSize - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  }

  /** The pool index of agent {@code agent}'s {@code k}-th trajectory (both from 0). */
  public int trajectory(int agent, int k) {
    long start = (long) Math.floor(((agent * GOLDEN) % 1.0) * order.length);
    return order[(int) ((start + k) % order.length)];
  }

  /** The turn at which agent {@code agent}'s first trajectory starts (0 for later ones). */
  public int startTurn(int agent) {
    if (maxStartOffset == 0) {
      return 0;
    }
    return new SplittableRandom(seed ^ (0x5DEECE66DL * (agent + 1))).nextInt(maxStartOffset + 1);
  }
}
