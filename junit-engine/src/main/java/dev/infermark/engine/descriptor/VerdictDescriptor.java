package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;

/** The run's {@code submission_valid} stamp as a test: fails with the invalid reasons. */
public final class VerdictDescriptor extends CheckDescriptor {
  public VerdictDescriptor(UniqueId id, ScenarioModel model, RunParams params) {
    super(id, "submission_valid", model);
  }
}
