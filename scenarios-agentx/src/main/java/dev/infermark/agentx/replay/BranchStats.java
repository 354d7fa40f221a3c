package dev.infermark.agentx.replay;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sub-agent counters of a run, exported as {@code branch_stats} (spec §4.4).
 *
 * @param childrenSpawned child streams started by a SPAWN
 * @param childrenCompleted child streams that finished without an error
 * @param childrenErrored child streams with a failed request
 * @param childrenTruncated child streams ended early by a context overflow
 * @param childrenDelayed children whose recorded start had already passed when they were spawned
 * @param parentsSuspended parents that waited on a JOIN
 * @param parentsResumed parents released by their JOIN
 * @param parentsFailedDueToChildError parents aborted because a child request failed ({@code agentx-dag-fail-fast})
 * @param joinsSuppressed joins never sent because fail-fast aborted the parent waiting on them
 */
public record BranchStats(int childrenSpawned, int childrenCompleted, int childrenErrored, int childrenTruncated,
    int childrenDelayed, int parentsSuspended, int parentsResumed, int parentsFailedDueToChildError,
    int joinsSuppressed) {

  /** The {@code branch_stats} object. */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("children_spawned", childrenSpawned);
    o.put("children_completed", childrenCompleted);
    o.put("children_errored", childrenErrored);
    o.put("children_truncated", childrenTruncated);
    o.put("children_delayed", childrenDelayed);
    o.put("parents_suspended", parentsSuspended);
    o.put("parents_resumed", parentsResumed);
    o.put("parents_failed_due_to_child_error", parentsFailedDueToChildError);
    o.put("joins_suppressed", joinsSuppressed);
    return o;
  }

  /** The counters while the replay runs; mutated under the scheduler lock. */
  static final class Counts {
    int childrenSpawned;
    int childrenCompleted;
    int childrenErrored;
    int childrenTruncated;
    int childrenDelayed;
    int parentsSuspended;
    int parentsResumed;
    int parentsFailedDueToChildError;
    int joinsSuppressed;

    BranchStats snapshot() {
      return new BranchStats(childrenSpawned, childrenCompleted, childrenErrored, childrenTruncated, childrenDelayed,
          parentsSuspended, parentsResumed, parentsFailedDueToChildError, joinsSuppressed);
    }
  }
}
