package dev.infermark.agentperf.phase;

/**
 * Where a phase stands against its gates.
 *
 * @param trajectoriesCompleted trajectories completed in the phase so far
 * @param fewestPerAgent the fewest trajectories any agent has completed
 * @param steadyNanos how long the steady-state window has been open (0 before it opens)
 * @param trajectoriesMet at least {@code minTrajectories} completed
 * @param perAgentMet every agent completed at least {@code minTrajectoriesPerAgent}
 * @param steadyMet the window has lasted at least {@code steadyDuration}
 */
public record GateStatus(int trajectoriesCompleted, int fewestPerAgent, long steadyNanos, boolean trajectoriesMet,
    boolean perAgentMet, boolean steadyMet) {

  /** Whether every gate is met (the phase may end). */
  public boolean met() {
    return trajectoriesMet && perAgentMet && steadyMet;
  }

  /**
   * Checks the gates.
   *
   * @param perAgent trajectories completed by each agent
   * @param windowOpenNs when the steady window opened, or -1 when it has not
   * @param nowNs the current time
   */
  public static GateStatus check(PhaseConfig config, int[] perAgent, long windowOpenNs, long nowNs) {
    int total = 0;
    int fewest = perAgent.length == 0 ? 0 : Integer.MAX_VALUE;
    for (int n : perAgent) {
      total += n;
      fewest = Math.min(fewest, n);
    }
    long steady = windowOpenNs < 0 || nowNs < windowOpenNs ? 0 : nowNs - windowOpenNs;
    return new GateStatus(total, fewest, steady, total >= config.minTrajectories(),
        fewest >= config.minTrajectoriesPerAgent(), windowOpenNs >= 0 && steady >= config.steadyDuration().toNanos());
  }
}
