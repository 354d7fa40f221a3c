package dev.infermark.slo;

import java.util.List;

import dev.infermark.settings.Settings;

/**
 * SLOs of a run beyond its scenario's {@code @Slo} annotations, derived from the run's settings
 * (found with {@link java.util.ServiceLoader}): AA-AgentPerf's tiers from {@code agentperf-tiers} for the
 * generic {@code aa-agentperf} scenario. They are resolved at discovery with the run's settings,
 * so they get their own SLO nodes, verdict rows and {@code slo_results} entries like annotated ones.
 */
public interface SloSource {
  /**
   * The extra SLOs of a run of {@code scenario} with {@code settings}; empty when none (or the settings are unusable).
   */
  List<SloSpec> slos(Declaring scenario, Settings settings);

  /**
   * The scenario a run belongs to, as an SLO source sees it.
   *
   * @param name the scenario's name
   * @param workload the declared return type of its {@code @Workload} method
   * @param slos its own {@code @Slo}s (inherited ones and composed tiers included)
   */
  record Declaring(String name, Class<?> workload, List<SloSpec> slos) {
    public Declaring {
      slos = List.copyOf(slos);
    }
  }
}
