package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

import dev.infermark.baseline.RegressionCheck;
import dev.infermark.scenario.ScenarioModel;

/**
 * One statistic compared with the baseline ({@code infermark.baseline}) as a test: fails only when
 * it got worse by more than {@code regression-threshold} and its confidence interval lies wholly on
 * the worse side; aborted when it cannot be judged (no per-request values, one trial of a per-run value).
 */
public final class RegressionDescriptor extends CheckDescriptor {
  private final RegressionCheck check;

  public RegressionDescriptor(UniqueId id, ScenarioModel model, RegressionCheck check) {
    super(id, "regression " + check.displayName(), model);
    this.check = check;
  }

  public RegressionCheck check() {
    return check;
  }
}
