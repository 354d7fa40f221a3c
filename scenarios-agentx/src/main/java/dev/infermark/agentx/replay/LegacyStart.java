package dev.infermark.agentx.replay;

import java.util.SplittableRandom;

import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * The legacy start for timestamp-less traces (spec §3.3 "Legacy"): with no recorded instants there
 * is no t*, so a lane starts at a turn index {@code k_i} drawn uniformly in
 * {@code [int(min·n), int(max·n)]} with the range capped at {@code n - 2} ({@code n} = root turns),
 * so at least one turn is left to profile. Turn {@code k_i} is primed, profiling resumes at
 * {@code k_i + 1}. The draw is seeded like t* (first 8 bytes of
 * {@code SHA-256("{seed}:{trace_id}:{lane}")}): same seed, same {@code k_i} per lane.
 *
 * <p>A missing timestamp is {@code NaN} in {@link ReplayTurn#timestampMs()} (the topology types
 * have no other representation); a trace is timestamp-less when none of its turns, root or
 * sub-agent, has one.
 */
final class LegacyStart {
  private LegacyStart() {}

  /** Whether no turn of the tree carries a timestamp (and the root has turns). */
  static boolean timestampLess(SessionTree tree) {
    if (tree.root().turns().isEmpty()) {
      return false;
    }
    if (hasTimestamp(tree.root())) {
      return false;
    }
    for (ReplayStream c : tree.children()) {
      if (hasTimestamp(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasTimestamp(ReplayStream s) {
    for (ReplayTurn t : s.turns()) {
      if (!Double.isNaN(t.timestampMs())) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code k_i} for a root of {@code n >= 2} turns: uniform in {@code [int(min·n), min(int(max·n), n - 2)]}
   * (the lower bound capped the same way).
   */
  static int turnIndex(int n, long seed, String traceId, int lane, double minRatio, double maxRatio) {
    if (n < 2) {
      throw new IllegalArgumentException("a timestamp-less trace needs at least 2 turns, got " + n);
    }
    int hi = Math.min((int) (maxRatio * n), n - 2);
    int lo = Math.min((int) (minRatio * n), hi);
    return lo + new SplittableRandom(StartInstant.seedOf(seed, traceId, lane)).nextInt(hi - lo + 1);
  }
}
