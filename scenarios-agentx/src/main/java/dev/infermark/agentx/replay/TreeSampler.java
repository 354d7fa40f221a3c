package dev.infermark.agentx.replay;

import java.util.List;

import dev.infermark.agentx.topology.SessionTree;

/**
 * The dataset sampler: hands out roots in corpus order, round-robin, skipping trees whose root
 * has no turns. The same cursor assigns the initial lanes and every recycle, so each root is
 * replayed equally often. Not thread-safe (used under the scheduler lock).
 */
public final class TreeSampler {
  private final List<SessionTree> pool;
  private int cursor;

  /**
   * @throws EmptyTracePoolException when no tree has a root turn
   */
  public TreeSampler(List<SessionTree> trees) {
    this.pool = trees.stream().filter(t -> !t.root().turns().isEmpty()).toList();
    if (pool.isEmpty()) {
      throw new EmptyTracePoolException(trees.isEmpty() ? "Loader produced 0 traces; trajectories cannot be built."
          : "Trajectories empty after skipping invalid traces; pool exhausted.");
    }
  }

  /** The next root, wrapping at the end of the pool. */
  public SessionTree next() {
    SessionTree t = pool.get(cursor);
    cursor = (cursor + 1) % pool.size();
    return t;
  }

  /** Trees that can be replayed. */
  public int size() {
    return pool.size();
  }

  /** No replayable trace in the corpus. */
  public static final class EmptyTracePoolException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public EmptyTracePoolException(String message) {
      super(message);
    }
  }
}
