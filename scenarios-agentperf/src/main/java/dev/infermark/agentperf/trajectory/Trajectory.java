package dev.infermark.agentperf.trajectory;

import java.util.List;
import java.util.Optional;

/**
 * An agentic coding session replayed turn by turn.
 *
 * @param id a stable id (file id or {@code syn-000042})
 * @param language the repository's main programming language, or {@code null} when unknown
 * @param turns the requests in order (at least one)
 */
public record Trajectory(String id, String language, List<Turn> turns) {
  public Trajectory {
    // Turns built on demand (Weka traces) are immutable already; copying would build them all.
    turns = turns instanceof TurnsOnDemand ? turns : List.copyOf(turns);
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("trajectory " + id + " has no turns");
    }
  }

  /**
   * This trajectory cut before the first turn whose prompt exceeds {@code maxInputTokens} (turns
   * with an unknown size are kept); empty when even the first turn does not fit.
   */
  public Optional<Trajectory> truncatedTo(int maxInputTokens) {
    int keep = 0;
    while (keep < turns.size()) {
      Integer in = turns.get(keep).inputTokens();
      if (in != null && in > maxInputTokens) {
        break;
      }
      keep++;
    }
    if (keep == 0) {
      return Optional.empty();
    }
    return Optional.of(keep == turns.size() ? this : new Trajectory(id, language, turns.subList(0, keep)));
  }
}
