package dev.infermark.engine.descriptor;

import org.junit.platform.engine.UniqueId;

import dev.infermark.scenario.ScenarioModel;
import dev.infermark.sweep.SearchPlan;

/**
 * A run's SLA search as a test: passes with the largest passing value of the searched setting (and
 * the passing and failing values around it), fails when no value in the space passes.
 */
public final class SearchDescriptor extends CheckDescriptor {
  private final SearchPlan plan;

  public SearchDescriptor(UniqueId id, ScenarioModel model, SearchPlan plan) {
    super(id, "search " + plan.setting().name(), model);
    this.plan = plan;
  }

  public SearchPlan plan() {
    return plan;
  }
}
