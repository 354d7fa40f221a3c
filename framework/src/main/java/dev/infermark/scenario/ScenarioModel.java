package dev.infermark.scenario;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Locked;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Warmup;
import dev.infermark.annotations.Workload;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.SelfPhased;
import dev.infermark.lock.Lock;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.slo.SloSource;
import dev.infermark.slo.SloSpec;

/**
 * A scenario class read once: name, locks, SLOs, defaults, presets, parameters and its
 * {@link Workload} method. Discovery and execution both work from this model.
 *
 * @param params {@code @Param} fields in declaration order with their values
 */
public record ScenarioModel(Class<?> type, String name, String description, List<Lock> locks, List<SloSpec> slos,
    Map<String, String> defaults, Map<String, Map<String, String>> presets, Map<Field, List<String>> params,
    Method workload) {

  /**
   * What a {@code @Workload} method may declare as parameters besides typed settings interfaces
   * (any other interface, checked by {@link ScenarioCheck}); {@link ScenarioRunner} passes them.
   */
  static final java.util.Set<Class<?>> INJECTED = java.util.Set.of(dev.infermark.api.RunContext.class,
      dev.infermark.api.workload.SyntheticText.class);

  /** What a {@code @Workload} method may declare, for messages. */
  static final String INJECTABLE = "RunContext, SyntheticText or a typed settings interface of the scenario's own";

  /** Whether the class is annotated {@link Scenario} (cheap check, no validation). */
  public static boolean isScenario(Class<?> c) {
    return c.isAnnotationPresent(Scenario.class) && !Modifier.isAbstract(c.getModifiers()) && !c.isInterface();
  }

  /**
   * Reads and validates a scenario class: each annotation by its reader, up the class hierarchy and
   * through composed annotations ({@link Annotated}).
   *
   * @throws InvalidScenarioException naming what is wrong
   */
  public static ScenarioModel of(Class<?> c) {
    Scenario s = c.getAnnotation(Scenario.class);
    if (s == null) {
      throw new InvalidScenarioException(c, "is not annotated @Scenario");
    }
    String name = s.name().isBlank() ? c.getSimpleName() : s.name();
    if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
      throw new InvalidScenarioException(c, "is abstract: a scenario is a concrete class");
    }
    try {
      Constructor<?> ctor = c.getDeclaredConstructor();
      ctor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new InvalidScenarioException(c, "needs a constructor without parameters");
    } catch (RuntimeException e) {
      throw new InvalidScenarioException(c, "its constructor is not accessible: " + e.getMessage());
    }
    Method workload = WorkloadReader.read(c);
    List<Lock> locks = Annotated.all(c, Locked.class).stream().map(Lock::of).toList();
    DefaultsReader defaults = DefaultsReader.read(c);
    return new ScenarioModel(c, name, s.description(), locks, SloReader.read(c), defaults.defaults(),
        defaults.presets(), ParamReader.read(c), workload);
  }

  /**
   * A run's SLOs: the scenario's {@code @Slo}s, then those every {@link SloSource} (found with
   * {@link java.util.ServiceLoader}) derives from the run's settings, without duplicates.
   *
   * @param settings the run's settings, or {@code null} when they could not be resolved (the scenario's own only)
   */
  public List<SloSpec> slos(dev.infermark.settings.Settings settings) {
    List<SloSpec> out = new ArrayList<>(slos);
    if (settings == null) {
      return List.copyOf(out);
    }
    SloSource.Declaring self = new SloSource.Declaring(name, workload.getReturnType(), slos);
    for (SloSource s : java.util.ServiceLoader.load(SloSource.class, Thread.currentThread().getContextClassLoader())) {
      for (SloSpec slo : s.slos(self, settings)) {
        if (out.stream().noneMatch(o -> o.id().equals(slo.id()))) {
          out.add(slo);
        }
      }
    }
    return List.copyOf(out);
  }

  /**
   * Why a {@code @Workload} parameter of type {@code t} cannot be injected, if it cannot: the method takes API
   * types and the scenario's own typed settings interfaces only (the framework's types are not API). Told apart by
   * where the classes come from: in the self-contained {@code infermark.jar} the built-in scenarios and their
   * settings interfaces share the framework's jar, and are checked as the Maven build checks them (one module each).
   */
  static Optional<String> injectionProblem(Class<?> t, Class<?> scenario) {
    if (INJECTED.contains(t)) {
      return Optional.empty();
    }
    if (fromTheFramework(t) && !fromTheFramework(scenario)) {
      return Optional.of(t.getSimpleName() + " is not part of the scenario API (use " + INJECTABLE
          + "; RunContext.settings(MySettings.class) reads settings as a typed interface)");
    }
    return t.isInterface() ? Optional.empty() : Optional.of("use " + INJECTABLE);
  }

  /** Whether {@code t} is one of the framework's own types (its SPI included), which a scenario may not take. */
  private static boolean fromTheFramework(Class<?> t) {
    java.security.CodeSource ours = ScenarioModel.class.getProtectionDomain().getCodeSource();
    java.security.CodeSource theirs = t.getProtectionDomain() == null ? null : t.getProtectionDomain().getCodeSource();
    return ours != null && theirs != null && ours.getLocation() != null && ours.getLocation().equals(theirs.getLocation());
  }

  /** The typed settings interfaces its {@code @Workload} method declares (implemented from the run's settings). */
  public List<Class<?>> typedSettings() {
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> t : workload.getParameterTypes()) {
      if (!INJECTED.contains(t) && injectionProblem(t, type).isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * Why {@code annotation} may not sit on a scenario whose workload runs its own phases: one meaning
   * of {@code @Warmup}/{@code @Measurement} everywhere (the harness's closed-loop phases), so a
   * methodology never silently ignores them.
   */
  static String selfPhasedProblem(Class<? extends java.lang.annotation.Annotation> annotation, Class<?> workload) {
    return "@" + annotation.getSimpleName() + " sets the phases of a closed-loop workload, but this scenario's workload ("
        + workload.getSimpleName() + ") is SelfPhased: it runs its own phases from its own settings (e.g. "
        + "benchmark-duration for the AgentX replay, agentperf-steady-duration for AA-AgentPerf); remove @"
        + annotation.getSimpleName() + " and set those with @Default";
  }

  /**
   * Rejects {@code @Warmup}/{@code @Measurement} when the workload built for a run turned out to be
   * {@link SelfPhased} (its method declared only {@link LoadGenerator}, so discovery could not tell).
   */
  public void checkPhases(LoadGenerator built) {
    if (built instanceof SelfPhased) {
      for (Class<? extends java.lang.annotation.Annotation> a : List.of(Warmup.class, Measurement.class)) {
        if (Annotated.present(type, a)) {
          throw new InvalidScenarioException(type, selfPhasedProblem(a, built.getClass()));
        }
      }
    }
  }

  /** Whether the workload runs its own phases ({@code @Workload} declared to return a {@link SelfPhased}). */
  public boolean selfPhased() {
    return SelfPhased.class.isAssignableFrom(workload.getReturnType());
  }

  /** Whether runs stamp a submission verdict (the scenario has locks). */
  public boolean stampsVerdict() {
    return !locks.isEmpty();
  }

  /**
   * The runs: the cartesian product of parameter values, in declaration order. A parameter's
   * values are replaced by {@code infermark.param.<field>} when the lookup has it (comma list).
   */
  public List<RunParams> runs(java.util.function.Function<String, Optional<String>> lookup) {
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (Map.Entry<Field, List<String>> e : params.entrySet()) {
      String field = e.getKey().getName();
      List<String> values = lookup.apply("infermark." + SettingsRegistry.PARAM_PREFIX + field)
          .map(v -> List.of(v.split(","))).map(l -> l.stream().map(String::trim).filter(x -> !x.isEmpty()).toList())
          .orElse(e.getValue());
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> combo : combos) {
        for (String v : values) {
          Map<String, String> m = new LinkedHashMap<>(combo);
          m.put(field, v);
          next.add(m);
        }
      }
      combos = next;
    }
    return combos.stream().map(RunParams::new).toList();
  }
}
