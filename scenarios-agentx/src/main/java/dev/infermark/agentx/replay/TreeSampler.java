package dev.infermark.agentx.replay;

import java.util.List;
import java.util.function.Consumer;

import dev.infermark.traces.topology.SessionTree;

/**
 * The dataset sampler: hands out roots in corpus order, round-robin, skipping trees whose root
 * has no turns and timestamp-less traces with a single turn (nothing to profile after the legacy
 * warmup turn; each skip is logged as {@code Skipping trace ...}). The same cursor assigns the initial lanes and every recycle, so each root is
 * replayed equally often. Not thread-safe (used under the scheduler lock).
 */
public final class TreeSampler {
  private final List<SessionTree> pool;
  private int cursor;

  /**
   * @throws EmptyTracePoolException when no tree has a root turn
   */
  public TreeSampler(List<SessionTree> trees) {
    this(trees, line -> {});
  }

  /**
   * @param log receives a {@code Skipping trace ...} warning per skipped single-turn timestamp-less trace
   * @throws EmptyTracePoolException when no tree is left
   */
  public TreeSampler(List<SessionTree> trees, Consumer<String> log) {
    this.pool = trees.stream().filter(t -> !t.root().turns().isEmpty()).filter(t -> {
      if (t.root().turns().size() == 1 && LegacyStart.timestampLess(t)) {
        log.accept("agentic replay: WARNING Skipping trace " + t.traceId() + ": timestamp-less trace with a single "
            + "turn (nothing to profile after the warmup turn)");
        return false;
      }
      return true;
    }).toList();
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
