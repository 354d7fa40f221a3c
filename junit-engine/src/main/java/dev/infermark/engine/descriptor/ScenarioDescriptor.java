package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

import dev.infermark.scenario.ScenarioModel;

/** A scenario class: a container of its runs. */
public final class ScenarioDescriptor extends AbstractTestDescriptor {
  private final ScenarioModel model;

  public ScenarioDescriptor(UniqueId id, ScenarioModel model) {
    super(id, model.name(), ClassSource.from(model.type()));
    this.model = model;
  }

  public ScenarioModel model() {
    return model;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }

  @Override
  public String getLegacyReportingName() {
    return model.type().getName();
  }
}
