package dev.infermark.engine.discovery;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.SelectorResolver;

import dev.infermark.baseline.RegressionCheck;
import dev.infermark.baseline.RegressionGate;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.engine.descriptor.RunDescriptor;
import dev.infermark.engine.descriptor.ScenarioDescriptor;
import dev.infermark.lock.LockChecker;
import dev.infermark.lock.ScenarioLockException;
import dev.infermark.result.ResultFormats;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.slo.SloSpec;
import dev.infermark.sweep.SearchPlan;
import dev.infermark.settings.SettingsResolver;

/**
 * Resolves {@code .../[run:<params>]} to one run of its scenario, with the run's settings resolved
 * now, once ({@link ScenarioRunner#settingsFor}). An exact match expands to the run's checks.
 */
final class RunResolver implements SelectorResolver {
  private final SettingsResolver settings;
  private final DiscoveryIssueReporter issues;

  RunResolver(SettingsResolver settings, DiscoveryIssueReporter issues) {
    this.settings = settings;
    this.issues = issues;
  }

  @Override
  public Resolution resolve(UniqueIdSelector selector, Context context) {
    UniqueId id = selector.getUniqueId();
    if (!InfermarkUniqueIds.RUN.equals(id.getLastSegment().getType())) {
      return unresolved();
    }
    String paramsId = id.getLastSegment().getValue();
    Optional<RunDescriptor> run = context.addToParent(() -> DiscoverySelectors.selectUniqueId(id.removeLastSegment()),
        parent -> parent instanceof ScenarioDescriptor sd ? sd.run(paramsId).map(p -> create(sd, id, p)) : Optional.empty());
    return run.map(rd -> Resolution.match(Match.exact(rd, () -> checks(rd)))).orElse(unresolved());
  }

  private RunDescriptor create(ScenarioDescriptor sd, UniqueId id, RunParams params) {
    ScenarioModel model = sd.model();
    try {
      LockChecker.Outcome resolved = ScenarioRunner.settingsFor(settings, model, params);
      ResultFormats.of(resolved.settings()); // an unknown result format is a mistake found now, not after the load
      // A search or a baseline that cannot be honoured fails the run before any load, naming the setting.
      var search = SearchPlan.of(model, resolved.settings(), settings.registry());
      var gate = RegressionGate.of(model.name(), resolved.settings(), model.slos(resolved.settings()));
      return new RunDescriptor(id, model, params, resolved, null, search, gate);
    } catch (RuntimeException e) {
      // The user's own unknown or unparsable settings were reported once, for the whole engine;
      // lock violations fail the run itself (the rules of the scenario, not a mistake in it).
      if (settings.problems().isEmpty() && !(e instanceof ScenarioLockException)) {
        issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, model.name() + " [" + params.id() + "]: "
            + e.getMessage()).source(ClassSource.from(model.type())));
      }
      return new RunDescriptor(id, model, params, null, e);
    }
  }

  private static Set<? extends DiscoverySelector> checks(RunDescriptor rd) {
    UniqueId run = rd.getUniqueId();
    Set<DiscoverySelector> out = new LinkedHashSet<>();
    out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.errorRate(run)));
    for (SloSpec slo : rd.slos()) {
      out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.slo(run, slo.id())));
    }
    if (rd.model().stampsVerdict()) {
      out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.verdict(run)));
    }
    rd.search().ifPresent(p -> out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.search(run, p.setting().name()))));
    rd.gate().ifPresent(g -> {
      for (RegressionCheck c : g.checks()) {
        out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.regression(run, c.id())));
      }
    });
    return out;
  }
}
