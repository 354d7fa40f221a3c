package dev.infermark.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import dev.infermark.settings.Settings;

/**
 * SLOs of a run beyond its scenario's {@code @Slo} annotations, derived from the run's settings
 * (found with {@link ServiceLoader}): AA-AgentPerf's tiers from {@code agentperf-tiers} for the
 * generic {@code aa-agentperf} scenario. They are resolved at discovery with the run's settings,
 * so they get their own SLO nodes, verdict rows and {@code slo_results} entries like annotated ones.
 */
public interface SloSource {
  /** The extra SLOs of a run of {@code model} with {@code settings}; empty when none (or the settings are unusable). */
  List<SloSpec> slos(ScenarioModel model, Settings settings);

  /** The run's SLOs: the scenario's {@code @Slo}s, then every source's, without duplicates. */
  static List<SloSpec> of(ScenarioModel model, Settings settings) {
    List<SloSpec> out = new ArrayList<>(model.slos());
    if (settings == null) {
      return List.copyOf(out);
    }
    for (SloSource s : ServiceLoader.load(SloSource.class, Thread.currentThread().getContextClassLoader())) {
      for (SloSpec slo : s.slos(model, settings)) {
        if (out.stream().noneMatch(o -> o.id().equals(slo.id()))) {
          out.add(slo);
        }
      }
    }
    return List.copyOf(out);
  }
}
