package dev.infermark.engine.discovery;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.SelectorResolver;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.engine.descriptor.BrokenScenarioDescriptor;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.engine.descriptor.ScenarioDescriptor;
import dev.infermark.scenario.InvalidScenarioException;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioCheck;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.sweep.LoadSweeps;

/**
 * Resolves a {@code @Scenario} class (class selector; a method selector on its {@code @Workload}
 * method; a unique id ending in {@code [scenario:FQCN]}) to its descriptor, checked on the way
 * ({@link ScenarioCheck}): problems become discovery issues, and a scenario with a fatal one
 * becomes a failing node instead. An exact match expands to the scenario's runs.
 */
final class ScenarioResolver implements SelectorResolver {
  private final SettingsResolver settings;
  private final DiscoveryIssueReporter issues;
  private final Map<Class<?>, TestDescriptor> byClass = new LinkedHashMap<>();

  ScenarioResolver(SettingsResolver settings, DiscoveryIssueReporter issues) {
    this.settings = settings;
    this.issues = issues;
  }

  @Override
  public Resolution resolve(ClassSelector selector, Context context) {
    return resolve(selector.getJavaClass(), context);
  }

  /**
   * Runs and checks point at the {@code @Workload} method: selecting it selects them all. It is
   * found by name alone too ({@code --select-method Cls#conversations}, without the parameter list
   * JUnit otherwise needs); another method of a scenario is a one-line discovery issue.
   */
  @Override
  public Resolution resolve(MethodSelector selector, Context context) {
    Class<?> type;
    try {
      type = selector.getJavaClass();
    } catch (RuntimeException notLoadable) {
      return unresolved(); // the platform reports the class it cannot load
    }
    if (!type.isAnnotationPresent(Scenario.class)) {
      return unresolved();
    }
    Optional<Method> workload = workload(type);
    String params = selector.getParameterTypeNames();
    if (workload.isPresent() && workload.get().getName().equals(selector.getMethodName()) && (params.isBlank()
        || params.equals(java.util.Arrays.stream(workload.get().getParameterTypes()).map(Class::getName)
            .collect(java.util.stream.Collectors.joining(","))))) {
      return resolve(type, context);
    }
    issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, "method selector " + type.getName() + "#"
        + selector.getMethodName() + (params.isBlank() ? "" : "(" + params + ")") + " selects nothing: "
        + workload.map(w -> "the scenario's @Workload method is " + w.getName() + " (select " + type.getName() + "#"
            + w.getName() + ", or the class)").orElse("the scenario has no @Workload method"))
        .source(ClassSource.from(type)));
    return unresolved();
  }

  /** The {@code @Workload} method of a scenario class or its superclasses, if it has one. */
  private static Optional<Method> workload(Class<?> type) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.isAnnotationPresent(Workload.class)) {
          return Optional.of(m);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public Resolution resolve(UniqueIdSelector selector, Context context) {
    UniqueId id = selector.getUniqueId();
    List<UniqueId.Segment> segments = id.getSegments();
    UniqueId.Segment last = id.getLastSegment();
    if (segments.size() != 2 || !InfermarkUniqueIds.SCENARIO.equals(last.getType())) {
      return unresolved();
    }
    return ScenarioScan.load(last.getValue()).map(c -> resolve(c, context)).orElse(unresolved());
  }

  private Resolution resolve(Class<?> type, Context context) {
    if (!type.isAnnotationPresent(Scenario.class)) {
      return unresolved();
    }
    Optional<TestDescriptor> d = context.addToParent(parent -> Optional.of(byClass.computeIfAbsent(type,
        c -> create(parent.getUniqueId(), c))));
    return d.map(descriptor -> descriptor instanceof ScenarioDescriptor sd
        ? Resolution.match(Match.exact(sd, () -> runs(sd)))
        : Resolution.match(Match.exact(descriptor))).orElse(unresolved());
  }

  private TestDescriptor create(UniqueId engine, Class<?> type) {
    UniqueId id = InfermarkUniqueIds.scenario(engine, type);
    ClassSource source = ClassSource.from(type);
    try {
      ScenarioModel model = ScenarioModel.of(type);
      List<ScenarioCheck.Problem> problems = ScenarioCheck.of(model, settings.registry());
      for (ScenarioCheck.Problem p : problems) {
        issues.reportIssue(DiscoveryIssue.builder(p.level() == ScenarioCheck.Level.NOTE ? Severity.INFO : Severity.WARNING,
            model.name() + ": " + p.message()).source(source));
      }
      List<String> fatal = problems.stream().filter(ScenarioCheck.Problem::fatal).map(ScenarioCheck.Problem::message).toList();
      if (!fatal.isEmpty()) {
        return new BrokenScenarioDescriptor(id, type, new InvalidScenarioException(type, fatal));
      }
      List<RunParams> runs = LoadSweeps.expand(model, model.runs(key -> settings.user(key.substring("infermark.".length()))),
          settings::user, settings.registry());
      return new ScenarioDescriptor(id, model, runs);
    } catch (InvalidScenarioException e) {
      issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, e.getMessage()).source(source));
      return new BrokenScenarioDescriptor(id, type, e);
    } catch (RuntimeException | LinkageError e) {
      issues.reportIssue(DiscoveryIssue.builder(Severity.WARNING, "scenario " + type.getName()
          + " cannot be read: " + e).source(source).cause(e));
      return new BrokenScenarioDescriptor(id, type, new InvalidScenarioException(type, "cannot be read: " + e));
    }
  }

  private static Set<? extends DiscoverySelector> runs(ScenarioDescriptor sd) {
    Set<DiscoverySelector> out = new LinkedHashSet<>();
    for (RunParams p : sd.runs()) {
      out.add(DiscoverySelectors.selectUniqueId(InfermarkUniqueIds.run(sd.getUniqueId(), p.id())));
    }
    return out;
  }
}
