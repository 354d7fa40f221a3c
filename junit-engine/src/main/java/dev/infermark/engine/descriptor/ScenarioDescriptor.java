package dev.infermark.engine.descriptor;

import java.util.List;
import java.util.Optional;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;

/** A scenario class: a container of its runs (one per {@code @Param} combination, known at discovery). */
public final class ScenarioDescriptor extends AbstractTestDescriptor {
  private final ScenarioModel model;
  private final List<RunParams> runs;

  public ScenarioDescriptor(UniqueId id, ScenarioModel model, List<RunParams> runs) {
    super(id, model.name(), ClassSource.from(model.type()));
    this.model = model;
    this.runs = List.copyOf(runs);
  }

  public ScenarioModel model() {
    return model;
  }

  /** Every run of this discovery, in declaration order of the parameters. */
  public List<RunParams> runs() {
    return runs;
  }

  /** The run with this id ({@code scale=2}, {@code default}), if this discovery has it. */
  public Optional<RunParams> run(String id) {
    return runs.stream().filter(r -> r.id().equals(id)).findFirst();
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
