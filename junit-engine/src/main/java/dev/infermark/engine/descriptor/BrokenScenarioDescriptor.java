package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

/**
 * A scenario class that cannot run as written: it stays in the tree as a failing test (so a build
 * fails loudly), and its problems were also reported as discovery issues.
 */
public final class BrokenScenarioDescriptor extends AbstractTestDescriptor {
  private final RuntimeException problem;

  public BrokenScenarioDescriptor(UniqueId id, Class<?> type, RuntimeException problem) {
    super(id, type.getSimpleName(), ClassSource.from(type));
    this.problem = problem;
  }

  public RuntimeException problem() {
    return problem;
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }
}
