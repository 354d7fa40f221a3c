package dev.infermark.agentx.replay;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sub-agent counters of a run, exported as {@code branch_stats} (spec §4.4). Mutated under the
 * scheduler lock; read after the run.
 */
public final class BranchStats {
  int childrenSpawned;
  int childrenCompleted;
  int childrenErrored;
  int childrenTruncated;
  int childrenDelayed;
  int parentsSuspended;
  int parentsResumed;
  int parentsFailedDueToChildError;
  int joinsSuppressed;

  public int childrenSpawned() {
    return childrenSpawned;
  }

  public int childrenCompleted() {
    return childrenCompleted;
  }

  public int childrenErrored() {
    return childrenErrored;
  }

  public int parentsSuspended() {
    return parentsSuspended;
  }

  public int parentsResumed() {
    return parentsResumed;
  }

  public int childrenTruncated() {
    return childrenTruncated;
  }

  /** Parents aborted because a child request failed ({@code agentx-dag-fail-fast}). */
  public int parentsFailedDueToChildError() {
    return parentsFailedDueToChildError;
  }

  /** Joins never sent because fail-fast aborted the parent waiting on them. */
  public int joinsSuppressed() {
    return joinsSuppressed;
  }

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
}
