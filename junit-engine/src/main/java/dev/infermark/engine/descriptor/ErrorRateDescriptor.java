package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

import dev.infermark.scenario.ScenarioModel;

/**
 * Every run's error-rate check as a test: fails when the failed share of the profiling requests
 * exceeds {@code infermark.failed-request-threshold}, with the counts by error kind.
 */
public final class ErrorRateDescriptor extends CheckDescriptor {
  public ErrorRateDescriptor(UniqueId id, ScenarioModel model) {
    super(id, "error_rate", model);
  }
}
