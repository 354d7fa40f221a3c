package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;

/**
 * One run of a scenario (one combination of parameters). It is a test itself (the run completed
 * or failed) and the container of its SLO and verdict checks.
 */
public final class RunDescriptor extends AbstractTestDescriptor {
  private final ScenarioModel model;
  private final RunParams params;

  public RunDescriptor(UniqueId id, ScenarioModel model, RunParams params) {
    super(id, displayName(model, params), MethodSource.from(model.workload()));
    this.model = model;
    this.params = params;
  }

  private static String displayName(ScenarioModel model, RunParams params) {
    return params.values().isEmpty() ? model.name() + " run" : model.name() + " [" + params.id() + "]";
  }

  public ScenarioModel model() {
    return model;
  }

  public RunParams params() {
    return params;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER_AND_TEST;
  }

  @Override
  public String getLegacyReportingName() {
    return getDisplayName();
  }
}
