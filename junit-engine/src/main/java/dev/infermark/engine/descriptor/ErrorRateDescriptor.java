package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.scenario.ScenarioModel;

/**
 * Every run's error-rate check as a test: fails when the failed share of the profiling requests
 * exceeds {@code infermark.failed-request-threshold}, with the counts by error kind.
 */
public final class ErrorRateDescriptor extends AbstractTestDescriptor {
  public ErrorRateDescriptor(UniqueId id, ScenarioModel model) {
    super(id, "error_rate", MethodSource.from(model.workload()));
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
