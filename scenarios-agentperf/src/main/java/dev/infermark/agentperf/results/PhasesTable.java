package dev.infermark.agentperf.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.search.TierResult;

/** The phases table printed at the end of a run (one row per phase, one pass/fail column per tier). */
public final class PhasesTable {
  private PhasesTable() {}

  /** The table's lines. */
  public static List<String> lines(AgentPerfReport r) {
    List<String> out = new ArrayList<>();
    StringBuilder head = new StringBuilder("| Phase | Agents | p25 Speed | p95 TTFT | p25 E2E | Throughput | Traj |");
    StringBuilder rule = new StringBuilder("|---|---|---|---|---|---|---|");
    for (String t : r.tierNames()) {
      head.append(' ').append(t).append(" |");
      rule.append("---|");
    }
    out.add(head.toString());
    out.add(rule.toString());
    for (PhaseResult p : r.phases()) {
      StringBuilder row = new StringBuilder();
      row.append("| ").append(p.index()).append(p.complete() ? "" : "*").append(" | ").append(p.agents()).append(" | ")
          .append(num(p.stats().p25OutputSpeed(), "%.1f tok/s")).append(" | ")
          .append(num(p.stats().p95TtftMs() / 1000.0, "%.2f s")).append(" | ")
          .append(num(p.stats().p25E2eSpeed(), "%.1f tok/s")).append(" | ")
          .append(num(p.stats().outputThroughput(), "%.0f tok/s")).append(" | ")
          .append(p.gates().trajectoriesCompleted()).append(" |");
      for (String t : r.tierNames()) {
        Boolean pass = r.passed(p.index(), t);
        row.append(' ').append(pass == null ? "-" : pass ? "PASS" : "FAIL").append(" |");
      }
      out.add(row.toString());
    }
    if (r.phases().stream().anyMatch(p -> !p.complete())) {
      out.add("* phase ended before its gates were met (timeout or cancel): it fails every tier");
    }
    if (r.pareto() != null) {
      var pf = r.pareto();
      out.add("Pareto frontier (" + (pf.perAccelerator() ? "output tok/s per accelerator" : "output tok/s")
          + " against P25 E2E speed per agent): " + (pf.frontierAgents().isEmpty() ? "no complete phase"
              : pf.frontierAgents().stream().map(a -> a + " agents").collect(java.util.stream.Collectors.joining(", ")))
          + (pf.stopped() == null ? "" : "; the ramp stopped: " + pf.stopped()));
    }
    for (TierResult t : r.tiers()) {
      out.add(String.format(Locale.ROOT, "%s: %d agents%s", t.tier().name(), t.capacity(),
          t.reachedMax() ? " (at agentperf-max-agents: a lower bound)"
              : t.firstFail() >= 0 ? " (first fail at " + t.firstFail() + ")" : ""));
    }
    return out;
  }

  private static String num(double v, String fmt) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, fmt, v);
  }
}
