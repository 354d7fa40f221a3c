package dev.infermark.agentperf.results;

import java.util.List;
import java.util.Map;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.agentperf.search.ParetoFrontier;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.search.TierResult;

/**
 * Everything one AgentPerf run found, from which {@code agentperf_results.json}, the console table
 * and the run's result values are made.
 *
 * @param scenario the scenario name
 * @param model the model, or {@code null}
 * @param seed the run's seed
 * @param trajectories the trajectory source's description
 * @param trajectoryCount distinct trajectories
 * @param settings the methodology settings used (name to text)
 * @param accelerators accelerators in the deployment, or {@code null} when not given
 * @param powerSampler the power source's description
 * @param powerFailures failed power readings
 * @param powerOverall power over the whole run, or {@code null}
 * @param phases every phase, in the order run
 * @param verdicts per phase index, per tier name: null when it passed, else why it failed
 * @param tiers per tier, in declaration order
 * @param finished false when the run was cancelled before every search finished
 * @param pareto the Pareto-frontier configuration's frontier ({@code agentperf-mode=pareto}), else {@code null}
 */
public record AgentPerfReport(String scenario, String model, long seed, String trajectories, int trajectoryCount,
    Map<String, String> settings, Integer accelerators, String powerSampler, int powerFailures, PowerSummary powerOverall,
    List<PhaseResult> phases, Map<Integer, Map<String, String>> verdicts, List<TierResult> tiers, boolean finished,
    ParetoFrontier pareto) {

  /** A search's report (no Pareto frontier). */
  public AgentPerfReport(String scenario, String model, long seed, String trajectories, int trajectoryCount,
      Map<String, String> settings, Integer accelerators, String powerSampler, int powerFailures, PowerSummary powerOverall,
      List<PhaseResult> phases, Map<Integer, Map<String, String>> verdicts, List<TierResult> tiers, boolean finished) {
    this(scenario, model, seed, trajectories, trajectoryCount, settings, accelerators, powerSampler, powerFailures,
        powerOverall, phases, verdicts, tiers, finished, null);
  }

  /** The tier names, in order: the searched tiers, or in the Pareto configuration those its phases were judged by. */
  public List<String> tierNames() {
    if (pareto != null) {
      return verdicts.values().stream().findFirst().map(v -> List.copyOf(v.keySet())).orElse(List.of());
    }
    return tiers.stream().map(t -> t.tier().name()).toList();
  }

  /** Whether phase {@code index} passed tier {@code name}; null when not judged. */
  public Boolean passed(int index, String name) {
    Map<String, String> v = verdicts.get(index);
    return v == null || !v.containsKey(name) ? null : v.get(name) == null;
  }

  /** Tiers, for convenience. */
  public List<Tier> tierList() {
    return tiers.stream().map(TierResult::tier).toList();
  }
}
