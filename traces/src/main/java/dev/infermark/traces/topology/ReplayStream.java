package dev.infermark.traces.topology;

import java.util.List;

/**
 * One conversation: the root (depth 0) or a child stream (sub-agent chain, fork, aux call...).
 * {@code sessionId} follows spec §2.5/§2.6 naming, e.g. {@code "trace_0291"},
 * {@code "trace_0291::sa:agent_001"}.
 *
 * @param parentSessionId null for the root
 * @param branchId null for the root
 */
public record ReplayStream(
    String sessionId, boolean root, int agentDepth, String parentSessionId, String branchId, List<ReplayTurn> turns) {
  public ReplayStream {
    turns = List.copyOf(turns);
  }
}
