package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;

/** The run's {@code submission_valid} stamp as a test: fails with the invalid reasons. */
public final class VerdictDescriptor extends AbstractTestDescriptor {
  public VerdictDescriptor(UniqueId id, ScenarioModel model, RunParams params) {
    super(id, "submission_valid", MethodSource.from(model.workload()));
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
