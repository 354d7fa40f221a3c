package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.SloSpec;

/** One SLO check of one run: passes or fails with the measured value and the threshold. */
public final class SloDescriptor extends AbstractTestDescriptor {
  private final SloSpec slo;

  public SloDescriptor(UniqueId id, ScenarioModel model, RunParams params, SloSpec slo) {
    // The run's parameters are in the parent's name (IDE tree, Surefire's phrased names).
    super(id, "SLO " + slo.displayName(), MethodSource.from(model.workload()));
    this.slo = slo;
  }

  public SloSpec slo() {
    return slo;
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }

  @Override
  public String getLegacyReportingName() {
    return getDisplayName();
  }
}
