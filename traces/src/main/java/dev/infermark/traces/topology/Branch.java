package dev.infermark.traces.topology;

import java.util.List;

/**
 * Children sharing (spawn turn, join turn) collapsed into one branch.
 *
 * @param joinTurnIndex null = background (never joined)
 * @param startMs earliest child start
 */
public record Branch(
    String id, String parentSessionId, int spawnTurnIndex, Integer joinTurnIndex, List<String> childSessionIds, double startMs) {
  public Branch {
    childSessionIds = List.copyOf(childSessionIds);
  }

  public boolean background() {
    return joinTurnIndex == null;
  }
}
