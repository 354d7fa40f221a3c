package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.slo.SloSpec;

/** One SLO check of one run: passes or fails with the measured value and the threshold. */
public final class SloDescriptor extends CheckDescriptor {
  private final SloSpec slo;

  public SloDescriptor(UniqueId id, ScenarioModel model, RunParams params, SloSpec slo) {
    super(id, "SLO " + slo.displayName(), model);
    this.slo = slo;
  }

  public SloSpec slo() {
    return slo;
  }
}
