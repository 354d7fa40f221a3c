package dev.infermark.agentperf.trajectory;

/**
 * The pool of trajectories agents work through, addressed by index so that a trajectory can be
 * built when an agent starts it (a synthetic pool never holds all its text at once).
 */
public interface TrajectorySource {
  /** How many distinct trajectories the pool has (at least one). */
  int size();

  /** Trajectory {@code index} (0 &le; index &lt; size); the same trajectory on every call. */
  Trajectory get(int index);

  /** One line describing the source, for logs and results. */
  String describe();
}
