package dev.infermark.agentperf;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.slo.SloSource;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Settings;

/**
 * The tier SLOs of an AgentPerf scenario that declares none ({@code aa-agentperf}): its tiers come
 * from {@code agentperf-tiers}, so each run's SLO nodes are made from that run's setting, the same
 * nodes an annotated scenario has (P25 output speed, P95 TTFT, {@code supported_agents >= 1} per tier).
 */
public final class TierSlos implements SloSource {
  @Override
  public List<SloSpec> slos(Declaring scenario, Settings settings) {
    if (!AgentPerf.class.isAssignableFrom(scenario.workload())
        || scenario.slos().stream().anyMatch(s -> !s.tier().isBlank())) {
      return List.of();
    }
    List<Tier> tiers;
    try {
      tiers = Tier.fromSpec(settings.get(AgentPerfKeys.TIERS), AgentPerfKeys.TIERS.property());
    } catch (IllegalArgumentException unusable) {
      return List.of(); // the run says why when it starts
    }
    List<SloSpec> out = new ArrayList<>();
    for (Tier t : tiers) {
      for (Criterion c : t.criteria()) {
        out.add(new SloSpec(c.metric(), c.stat(), c.min(), c.max(), c.unit(), t.name(), ""));
      }
      out.add(new SloSpec(Tier.SUPPORTED_AGENTS, "value", Double.isNaN(t.minSupportedAgents()) ? 1 : t.minSupportedAgents(),
          Double.NaN, "", t.name(), ""));
    }
    return out;
  }
}
