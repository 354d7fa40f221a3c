package dev.infermark.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of one sweep (or the probes of one search) as one result: every point with its key
 * metrics, whether it passed, and, per curve (points of one {@code group}), the Pareto frontier of
 * total output throughput against the median user's output speed.
 *
 * @param scenario the scenario's name
 * @param setting the swept setting
 * @param checks the checks every point was judged by (SLOs, error rate), as text
 * @param points the points, ordered by group, then value
 * @param search the search these points are the probes of, or {@code null} for a plain sweep
 */
public record Sweep(String scenario, SweptSetting setting, List<String> checks, List<SweepPoint> points,
    SearchOutcome search) {
  public Sweep {
    checks = List.copyOf(checks);
    List<SweepPoint> sorted = new ArrayList<>(points);
    sorted.sort(Comparator.comparing(SweepPoint::group).thenComparingDouble(SweepPoint::value));
    points = List.copyOf(sorted);
  }

  /** Whether this is a search's probes. */
  public boolean isSearch() {
    return search != null;
  }

  /** For each point (in {@link #points()} order), whether it is on its curve's Pareto frontier. */
  public boolean[] frontier() {
    boolean[] on = new boolean[points.size()];
    Map<String, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < points.size(); i++) {
      groups.computeIfAbsent(points.get(i).group(), g -> new ArrayList<>()).add(i);
    }
    for (List<Integer> idx : groups.values()) {
      double[] x = idx.stream().mapToDouble(i -> points.get(i).metric(SweepPoint.PER_USER)).toArray();
      double[] y = idx.stream().mapToDouble(i -> points.get(i).metric(SweepPoint.TOTAL)).toArray();
      boolean[] f = Pareto.frontier(x, y);
      for (int k = 0; k < idx.size(); k++) {
        on[idx.get(k)] = f[k];
      }
    }
    return on;
  }
}
