package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * The state of one trace at its start instant t* (spec §3.4): which streams are live, where each
 * resumes, what each primes in warmup, and which parent waits on children.
 *
 * @param tStarMs the start instant on the trace timeline
 * @param streams the streams with work left at t* (root first), in tree order
 * @param pendingChildren per branch spawned before t*: children that still have turns
 */
public record TreeSnapshot(double tStarMs, List<StreamStart> streams, Map<String, Integer> pendingChildren) {

  /**
   * One stream's resume point.
   *
   * @param stream the stream
   * @param nextTurnIndex first turn with a timestamp at or after t*
   * @param warmupTurnIndex the turn primed in warmup ({@code next - 1}), or -1 when the stream had not started
   * @param offsetMs {@code max(0, ts(next) - t*)}
   * @param gatedOnBranch the branch the next turn joins and that still has live children, or {@code null}
   */
  public record StreamStart(ReplayStream stream, int nextTurnIndex, int warmupTurnIndex, double offsetMs,
      String gatedOnBranch) {
    /** Whether a warmup primer is sent for this stream. */
    public boolean primed() {
      return warmupTurnIndex >= 0;
    }
  }

  /** Primers this tree sends: one per live stream that had started before t*. */
  public int warmupCount() {
    return (int) streams.stream().filter(StreamStart::primed).count();
  }

  /** Takes the snapshot of {@code tree} at {@code tStarMs}. */
  public static TreeSnapshot at(SessionTree tree, double tStarMs) {
    Map<String, ReplayStream> bySession = new HashMap<>();
    bySession.put(tree.root().sessionId(), tree.root());
    tree.children().forEach(c -> bySession.put(c.sessionId(), c));

    List<ReplayStream> live = new ArrayList<>();
    if (firstAtOrAfter(tree.root(), tStarMs) >= 0) {
      live.add(tree.root());
    }
    // Children whose spawning turn lies before t* belong to the snapshot; later ones are left to SPAWN.
    Map<String, Integer> pending = new LinkedHashMap<>();
    for (Branch b : tree.branches()) {
      ReplayStream parent = bySession.get(b.parentSessionId());
      if (parent == null || b.spawnTurnIndex() < 0 || b.spawnTurnIndex() >= parent.turns().size()
          || parent.turns().get(b.spawnTurnIndex()).timestampMs() >= tStarMs) {
        continue;
      }
      for (String id : b.childSessionIds()) {
        ReplayStream child = bySession.get(id);
        if (child != null && firstAtOrAfter(child, tStarMs) >= 0) {
          live.add(child);
          pending.merge(b.id(), 1, Integer::sum);
        }
      }
    }
    List<StreamStart> out = new ArrayList<>(live.size());
    for (ReplayStream s : live) {
      int next = firstAtOrAfter(s, tStarMs);
      ReplayTurn turn = s.turns().get(next);
      String join = turn.joinBranchId();
      String gated = join != null && pending.getOrDefault(join, 0) > 0 ? join : null;
      out.add(new StreamStart(s, next, next - 1, Math.max(0, turn.timestampMs() - tStarMs), gated));
    }
    return new TreeSnapshot(tStarMs, List.copyOf(out), Map.copyOf(pending));
  }

  /**
   * The legacy snapshot of a timestamp-less tree (§3.3): only the root, primed at turn {@code k},
   * resuming at {@code k + 1} after that turn's recorded end-to-start delay (the only spacing known
   * without timestamps; 0 when unknown). Sub-agents spawned at or before turn {@code k} are not
   * replayed in this play (nothing places them); later spawns follow the normal SPAWN logic.
   */
  public static TreeSnapshot legacy(SessionTree tree, int k) {
    ReplayTurn next = tree.root().turns().get(k + 1);
    double offset = next.delayMs() >= 0 ? next.delayMs() : 0; // NaN fails the test too
    return new TreeSnapshot(Double.NaN, List.of(new StreamStart(tree.root(), k + 1, k, offset, null)), Map.of());
  }

  /** Index of the first turn at or after {@code t}, or -1 when the stream ended before it. */
  static int firstAtOrAfter(ReplayStream s, double t) {
    List<ReplayTurn> turns = s.turns();
    for (int i = 0; i < turns.size(); i++) {
      if (turns.get(i).timestampMs() >= t) {
        return i;
      }
    }
    return -1;
  }
}
