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

  /** The {@code branch_stats} object. Fail-fast is not implemented, so its counters are always 0. */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("children_spawned", childrenSpawned);
    o.put("children_completed", childrenCompleted);
    o.put("children_errored", childrenErrored);
    o.put("children_truncated", childrenTruncated);
    o.put("children_delayed", childrenDelayed);
    o.put("parents_suspended", parentsSuspended);
    o.put("parents_resumed", parentsResumed);
    o.put("parents_failed_due_to_child_error", 0);
    o.put("joins_suppressed", 0);
    return o;
  }
}
