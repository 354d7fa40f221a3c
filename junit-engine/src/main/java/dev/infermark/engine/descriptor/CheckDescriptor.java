package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.scenario.ScenarioModel;

/**
 * A check of one run (its error rate, an SLO, its verdict): a test under the run, named after what
 * it checks (the run's parameters are in the parent's name in the IDE tree), pointing at the
 * scenario's {@code @Workload} method. Its legacy reporting name (Surefire's XML and console
 * summary) is prefixed with the run's name, so the checks of two parameter runs differ there too.
 */
public abstract sealed class CheckDescriptor extends AbstractTestDescriptor
    permits ErrorRateDescriptor, SloDescriptor, VerdictDescriptor, SearchDescriptor, RegressionDescriptor {
  CheckDescriptor(UniqueId id, String name, ScenarioModel model) {
    super(id, name, MethodSource.from(model.workload()));
  }

  @Override
  public final Type getType() {
    return Type.TEST;
  }

  @Override
  public final String getLegacyReportingName() {
    return getParent().map(p -> p.getLegacyReportingName() + " / ").orElse("") + getDisplayName();
  }
}
