package dev.infermark.engine.discovery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoveryFilter;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.EngineDiscoveryListener;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;

import dev.infermark.engine.descriptor.InfermarkEngineDescriptor;
import dev.infermark.engine.descriptor.RunDescriptor;
import dev.infermark.engine.descriptor.ScenarioDescriptor;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;

/**
 * Turns a discovery request into the descriptor tree, on the platform's
 * {@link EngineDiscoveryRequestResolver}: engine → scenario → run (per parameter combination) →
 * its {@code error_rate} check, SLO checks and {@code submission_valid} check.
 *
 * <p>Every selector kind works: class and method selectors; package, class-path-root and module
 * selectors through the platform's class-container resolution (class-name and package-name filters
 * applied); unique ids down to one run or one check. With {@code infermark.scenario=NAME}, exactly
 * the scenario of that name is discovered, wherever it is on the class path, and nothing else.
 *
 * <p>The user's settings are read once ({@link SettingsResolver}, held by the engine descriptor);
 * every scenario is checked and every run's settings resolved here, and what is wrong is reported
 * as discovery issues, with a did-you-mean, while a scenario or run that cannot run stays in the
 * tree as a failing node.
 */
public final class ScenarioDiscovery {
  private ScenarioDiscovery() {}

  public static void discover(EngineDiscoveryRequest request, InfermarkEngineDescriptor engine) {
    SettingsResolver settings = engine.settings();
    DiscoveryIssueReporter issues = DiscoveryIssueReporter.deduplicating(
        DiscoveryIssueReporter.forwarding(request.getDiscoveryListener(), engine.getUniqueId()));
    for (String p : settings.problems()) {
      issues.reportIssue(DiscoveryIssue.create(Severity.WARNING, p));
    }
    EngineDiscoveryRequest effective = request;
    Optional<String> named = settings.user(Keys.SCENARIO.name()).map(String::trim).filter(n -> !n.isEmpty());
    if (named.isPresent()) {
      Optional<Class<?>> type = selectedAlone(request).filter(c -> ScenarioScan.name(c).equals(named.get()));
      if (type.isEmpty()) {
        type = named(named.get(), issues);
      }
      if (type.isEmpty()) {
        return;
      }
      effective = new OnlyTheNamedScenario(request, type.get());
    }
    EngineDiscoveryRequestResolver.<InfermarkEngineDescriptor>builder()
        .addClassContainerSelectorResolver(ScenarioModel::isScenario)
        .addSelectorResolver(new ScenarioResolver(settings, issues))
        .addSelectorResolver(new RunResolver(settings, issues))
        .addSelectorResolver(new CheckResolver())
        .build().resolve(effective, engine);
    checkAcrossScenarios(engine, settings, issues);
  }

  /**
   * The scenario class a request selects and nothing else (the command line's run of one scenario,
   * which also sets {@code infermark.scenario}): no lookup needed.
   */
  private static Optional<Class<?>> selectedAlone(EngineDiscoveryRequest request) {
    List<DiscoverySelector> all = request.getSelectorsByType(DiscoverySelector.class);
    if (all.size() != 1 || !(all.get(0) instanceof ClassSelector c)) {
      return Optional.empty();
    }
    return ScenarioScan.load(c.getClassName()).filter(ScenarioModel::isScenario);
  }

  /** The class of {@code infermark.scenario=NAME}, or an error issue naming the known ones. */
  private static Optional<Class<?>> named(String name, DiscoveryIssueReporter issues) {
    Map<String, List<Class<?>>> all = ScenarioScan.byName();
    List<Class<?>> found = all.get(name);
    if (found == null) {
      String hint = SettingsRegistry.closest(name, all.keySet(), Math.max(3, name.length() / 3))
          .map(n -> " Did you mean " + n + "?").orElse("");
      String message = Keys.SCENARIO + "=" + name + " names no scenario on the class path." + hint
          + " Known scenarios: " + String.join(", ", all.keySet());
      issues.reportIssue(DiscoveryIssue.create(Severity.ERROR, message));
      // Also on the console: Surefire puts the platform's discovery failure in a .dump file only.
      System.out.println("infermark: ERROR " + message);
      System.out.flush();
      return Optional.empty();
    }
    if (found.size() > 1) {
      issues.reportIssue(DiscoveryIssue.create(Severity.ERROR, Keys.SCENARIO + "=" + name + " is ambiguous: "
          + found.stream().map(Class::getName).toList() + " all have that name; select one class instead"));
      return Optional.empty();
    }
    return Optional.of(found.get(0));
  }

  /**
   * What only the whole selection shows: a preset or a {@code @Param} override that no selected
   * scenario has (a typo would otherwise run every scenario at full length, or the default sweep),
   * and two selected scenarios with one name (their artifacts would share a folder).
   */
  private static void checkAcrossScenarios(InfermarkEngineDescriptor engine, SettingsResolver settings,
      DiscoveryIssueReporter issues) {
    List<ScenarioDescriptor> scenarios = new ArrayList<>();
    for (TestDescriptor d : engine.getChildren()) {
      if (d instanceof ScenarioDescriptor sd) {
        scenarios.add(sd);
      }
    }
    if (scenarios.isEmpty()) {
      return;
    }
    List<String> problems = new ArrayList<>();
    Optional<String> preset = settings.user(Keys.PRESET.name()).map(String::trim).filter(p -> !p.isEmpty());
    if (preset.isPresent()) {
      Set<String> presets = new LinkedHashSet<>();
      scenarios.forEach(sd -> presets.addAll(sd.model().presets().keySet()));
      if (!presets.contains(preset.get())) {
        problems.add(Keys.PRESET + "=" + preset.get() + ": no selected scenario has this preset"
            + SettingsRegistry.closest(preset.get(), presets, 3).map(p -> "; did you mean " + p + "?").orElse("")
            + (presets.isEmpty() ? " (they have none)" : " (presets: " + String.join(", ", presets) + ")"));
      }
    }
    Set<String> params = new LinkedHashSet<>();
    scenarios.forEach(sd -> sd.model().params().keySet().forEach(f -> params.add(f.getName())));
    for (String key : settings.userKeys()) {
      if (key.startsWith(SettingsRegistry.PARAM_PREFIX)) {
        String field = key.substring(SettingsRegistry.PARAM_PREFIX.length());
        if (!params.contains(field)) {
          problems.add("infermark." + key + ": no selected scenario has a @Param field '" + field + "'"
              + SettingsRegistry.closest(field, params, 3).map(p -> "; did you mean infermark.param." + p + "?").orElse("")
              + (params.isEmpty() ? " (they have none)" : " (@Param fields: " + String.join(", ", params) + ")"));
        }
      }
    }
    for (String p : problems) {
      issues.reportIssue(DiscoveryIssue.create(Severity.WARNING, p));
    }
    if (!problems.isEmpty()) {
      IllegalArgumentException why = new IllegalArgumentException(String.join("\n", problems));
      for (ScenarioDescriptor sd : scenarios) {
        sd.getChildren().forEach(run -> ((RunDescriptor) run).fail(why));
      }
    }
    Map<String, List<ScenarioDescriptor>> byName = new LinkedHashMap<>();
    scenarios.forEach(sd -> byName.computeIfAbsent(sd.model().name(), n -> new ArrayList<>()).add(sd));
    byName.forEach((name, list) -> {
      if (list.size() > 1) {
        issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, "scenario name '" + name + "' is used by "
            + list.stream().map(sd -> sd.model().type().getName()).toList() + ": their runs write into the same "
            + "artifact folders; give each its own @Scenario(name = ...)").source(ClassSource.from(list.get(1).model().type())));
      }
    });
  }

  /**
   * {@code infermark.scenario=NAME}: the request as if it selected that scenario's class and
   * nothing else, whatever it selects (Surefire passes its own test classes, and executes with a
   * request of the classes its first discovery found tests in, which may be none of them).
   */
  private record OnlyTheNamedScenario(EngineDiscoveryRequest request, Class<?> type) implements EngineDiscoveryRequest {
    @Override
    public <T extends DiscoverySelector> List<T> getSelectorsByType(Class<T> selectorType) {
      ClassSelector only = DiscoverySelectors.selectClass(type);
      return selectorType.isInstance(only) ? List.of(selectorType.cast(only)) : List.of();
    }

    @Override
    public <T extends DiscoveryFilter<?>> List<T> getFiltersByType(Class<T> filterType) {
      return List.of();
    }

    @Override
    public ConfigurationParameters getConfigurationParameters() {
      return request.getConfigurationParameters();
    }

    @Override
    public EngineDiscoveryListener getDiscoveryListener() {
      return request.getDiscoveryListener();
    }
  }
}
