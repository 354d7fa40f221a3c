package dev.infermark.traces.topology;

import java.util.List;

/**
 * One trace ready to replay: a root stream plus child streams and the branches that spawn/join
 * them.
 */
public record SessionTree(String traceId, ReplayStream root, List<ReplayStream> children, List<Branch> branches) {
  public SessionTree {
    children = List.copyOf(children);
    branches = List.copyOf(branches);
  }

  /**
   * Every branch whose children the turn {@code turnIndex} of stream {@code sessionId} must wait for.
   * {@link ReplayTurn#joinBranchId()} names the first of them; several branches (different spawn
   * turns) can join at the same turn.
   */
  public List<Branch> joinsAt(String sessionId, int turnIndex) {
    List<Branch> out = new java.util.ArrayList<>();
    for (Branch b : branches) {
      if (b.parentSessionId().equals(sessionId) && b.joinTurnIndex() != null && b.joinTurnIndex() == turnIndex) {
        out.add(b);
      }
    }
    return out;
  }

  /** The stream with this session id, or null. */
  public ReplayStream stream(String sessionId) {
    if (root.sessionId().equals(sessionId)) {
      return root;
    }
    for (ReplayStream c : children) {
      if (c.sessionId().equals(sessionId)) {
        return c;
      }
    }
    return null;
  }

  /**
   * The most context one of its requests needs: the largest {@code inputTokens + maxTokens} over
   * every turn of the root and the children (as {@code max-context-length} measures a trace).
   */
  public long peakContext() {
    long peak = 0;
    for (ReplayStream s : children) {
      peak = Math.max(peak, peak(s));
    }
    return Math.max(peak, peak(root));
  }

  private static long peak(ReplayStream s) {
    long peak = 0;
    for (ReplayTurn t : s.turns()) {
      peak = Math.max(peak, (long) t.inputTokens() + t.maxTokens());
    }
    return peak;
  }

  /** Total number of turns over the root and every child. */
  public int requestCount() {
    int n = root.turns().size();
    for (ReplayStream c : children) {
      n += c.turns().size();
    }
    return n;
  }
}
