package dev.infermark.agentperf.search;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.sweep.Pareto;

/**
 * The Pareto frontier of an AA-AgentPerf ramp: system output throughput per accelerator (the
 * system's when {@code accelerators} is not given) against each agent's P25 E2E speed, and per
 * megawatt of measured power when every measured phase has power. Incomplete phases are shown but
 * never on a frontier (their figures are not under the methodology's rules). The frontier is the
 * framework's ({@link Pareto}).
 *
 * @param perAccelerator whether throughput is divided by the accelerators
 * @param perMw whether a per-MW frontier exists (every complete phase has measured power)
 * @param points one per phase, in phase order
 * @param stopped why the ramp ended early, or {@code null}
 */
public record ParetoFrontier(boolean perAccelerator, boolean perMw, List<Point> points, String stopped) {
  /**
   * One phase on the plane.
   *
   * @param e2eSpeed P25 E2E speed per agent, tokens/s
   * @param throughput system output tokens/s
   * @param y throughput per accelerator (or the system's)
   * @param yPerMw throughput per MW, NaN without power
   * @param watts mean measured power, NaN without
   * @param frontier on the throughput frontier
   * @param frontierPerMw on the per-MW frontier
   */
  public record Point(int phase, int agents, double e2eSpeed, double throughput, double y, double yPerMw, double watts,
      boolean complete, boolean frontier, boolean frontierPerMw) {}

  /** The frontier of {@code phases}; {@code accelerators} null or 0 when not given. */
  public static ParetoFrontier of(List<PhaseResult> phases, Integer accelerators, String stopped) {
    boolean perAcc = accelerators != null && accelerators > 0;
    int n = phases.size();
    double[] x = new double[n];
    double[] y = new double[n];
    double[] ymw = new double[n];
    double[] watts = new double[n];
    boolean power = n > 0;
    for (int i = 0; i < n; i++) {
      PhaseResult p = phases.get(i);
      watts[i] = p.power() != null && p.power().meanTotalWatts() > 0 ? p.power().meanTotalWatts() : Double.NaN;
      double thr = p.stats().outputThroughput();
      x[i] = p.complete() ? p.stats().p25E2eSpeed() : Double.NaN;
      y[i] = p.complete() ? (perAcc ? thr / accelerators : thr) : Double.NaN;
      ymw[i] = p.complete() ? thr / (watts[i] / 1e6) : Double.NaN;
      if (p.complete() && Double.isNaN(watts[i])) {
        power = false;
      }
    }
    boolean[] f = Pareto.frontier(x, y);
    boolean[] fmw = power ? Pareto.frontier(x, ymw) : new boolean[n];
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      PhaseResult p = phases.get(i);
      double thr = p.stats().outputThroughput();
      points.add(new Point(p.index(), p.agents(), p.stats().p25E2eSpeed(), thr, perAcc ? thr / accelerators : thr,
          Double.isNaN(watts[i]) ? Double.NaN : thr / (watts[i] / 1e6), watts[i], p.complete(), f[i], fmw[i]));
    }
    return new ParetoFrontier(perAcc, power, points, stopped);
  }

  /** The agent counts on the throughput frontier, in phase order. */
  public List<Integer> frontierAgents() {
    return points.stream().filter(Point::frontier).map(Point::agents).toList();
  }
}
