package dev.infermark.engine.descriptor;

import java.util.List;
import java.util.Optional;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;

import dev.infermark.baseline.RegressionGate;
import dev.infermark.lock.LockChecker;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.slo.SloSpec;
import dev.infermark.sweep.SearchPlan;

/**
 * One run of a scenario (one combination of parameters) with its settings, resolved at discovery.
 * It is a test itself (the run completed or failed) and the container of its checks. A run whose
 * settings could not be resolved (unknown key, bad value, lock violation) keeps why, and fails with
 * it when executed.
 */
public final class RunDescriptor extends AbstractTestDescriptor {
  private final ScenarioModel model;
  private final RunParams params;
  private LockChecker.Outcome settings;
  private RuntimeException problem;
  private final List<SloSpec> slos;
  private final Optional<SearchPlan> search;
  private final Optional<RegressionGate> gate;

  public RunDescriptor(UniqueId id, ScenarioModel model, RunParams params, LockChecker.Outcome settings,
      RuntimeException problem) {
    this(id, model, params, settings, problem, Optional.empty(), Optional.empty());
  }

  /** A run that searches ({@code search}) and/or is compared with a baseline ({@code gate}). */
  public RunDescriptor(UniqueId id, ScenarioModel model, RunParams params, LockChecker.Outcome settings,
      RuntimeException problem, Optional<SearchPlan> search, Optional<RegressionGate> gate) {
    super(id, displayName(model, params), MethodSource.from(model.workload()));
    this.model = model;
    this.params = params;
    this.settings = settings;
    this.problem = problem;
    this.slos = model.slos(settings == null ? null : settings.settings());
    this.search = search;
    this.gate = gate;
  }

  /** The run's SLA search, when it has one: its probes are runs, its result a check. */
  public Optional<SearchPlan> search() {
    return search;
  }

  /** The run's regression gate, when {@code infermark.baseline} is set. */
  public Optional<RegressionGate> gate() {
    return gate;
  }

  /** The run's SLOs: its scenario's {@code @Slo}s and those its settings give ({@link dev.infermark.slo.SloSource}). */
  public List<SloSpec> slos() {
    return slos;
  }

  private static String displayName(ScenarioModel model, RunParams params) {
    return params.values().isEmpty() ? model.name() + " run" : model.name() + " [" + params.id() + "]";
  }

  public ScenarioModel model() {
    return model;
  }

  public RunParams params() {
    return params;
  }

  /**
   * The run's settings (locks applied).
   *
   * @throws RuntimeException why the run has none
   */
  public LockChecker.Outcome settings() {
    if (problem != null) {
      throw problem;
    }
    return settings;
  }

  /** Marks the run as unable to run (a problem found after it was discovered, e.g. an unknown preset). */
  public void fail(RuntimeException why) {
    if (problem == null) {
      problem = why;
      settings = null;
    }
  }

  @Override
  public Type getType() {
    return Type.CONTAINER_AND_TEST;
  }

  @Override
  public String getLegacyReportingName() {
    return getDisplayName();
  }
}
