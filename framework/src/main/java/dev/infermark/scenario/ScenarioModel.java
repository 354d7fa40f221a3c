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

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Dataset;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Endpoint;
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
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;

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
      dev.infermark.run.HarnessContext.class, dev.infermark.settings.Settings.class, dev.infermark.tokenizer.Tokenizer.class,
      dev.infermark.api.workload.SyntheticText.class);

  /** Whether the class is annotated {@link Scenario} (cheap check, no validation). */
  public static boolean isScenario(Class<?> c) {
    return c.isAnnotationPresent(Scenario.class) && !Modifier.isAbstract(c.getModifiers()) && !c.isInterface();
  }

  /**
   * Reads and validates a scenario class.
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
    List<Method> workloads = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (m.isAnnotationPresent(Workload.class)) {
          workloads.add(m);
        }
      }
    }
    if (workloads.size() != 1) {
      throw new InvalidScenarioException(c, "needs exactly one @Workload method, found " + workloads.size());
    }
    Method workload = workloads.get(0);
    if (!LoadGenerator.class.isAssignableFrom(workload.getReturnType())) {
      throw new InvalidScenarioException(c, "@Workload method " + workload.getName() + " must return a "
          + LoadGenerator.class.getName() + " (a ClosedLoop such as Conversations, or a SelfPhased methodology), not "
          + workload.getReturnType().getName());
    }
    if (SelfPhased.class.isAssignableFrom(workload.getReturnType())) {
      for (Class<? extends java.lang.annotation.Annotation> a : List.of(Warmup.class, Measurement.class)) {
        if (c.isAnnotationPresent(a)) {
          throw new InvalidScenarioException(c, selfPhasedProblem(a, workload.getReturnType()));
        }
      }
    }
    for (java.lang.reflect.Parameter p : workload.getParameters()) {
      if (!INJECTED.contains(p.getType()) && !p.getType().isInterface()) {
        throw new InvalidScenarioException(c, "@Workload parameter " + p.getName() + " of type " + p.getType().getName()
            + " cannot be injected (use RunContext, Settings, Tokenizer, SyntheticText or a typed settings interface)");
      }
    }
    workload.setAccessible(true);

    List<Lock> locks = new ArrayList<>();
    for (Locked l : c.getAnnotationsByType(Locked.class)) {
      locks.add(Lock.of(l));
    }
    List<SloSpec> slos = new ArrayList<>();
    for (Slo slo : c.getAnnotationsByType(Slo.class)) {
      Optional<String> naming = SloSpec.namingProblem(slo);
      if (naming.isPresent()) {
        throw new InvalidScenarioException(c, naming.get());
      }
      if (Double.isNaN(slo.min()) && Double.isNaN(slo.max())) {
        throw new InvalidScenarioException(c, "@Slo on " + SloSpec.tag(slo) + " needs min or max");
      }
      slos.add(SloSpec.of(slo));
    }

    Map<String, String> defaults = new LinkedHashMap<>();
    Map<String, Map<String, String>> presets = new LinkedHashMap<>();
    Optional.ofNullable(c.getAnnotation(Concurrency.class)).ifPresent(a -> defaults.put(Keys.CONCURRENCY.name(), Integer.toString(a.value())));
    Optional.ofNullable(c.getAnnotation(Measurement.class)).ifPresent(a -> {
      if (!a.duration().isBlank()) {
        defaults.put(Keys.BENCHMARK_DURATION.name(), a.duration());
      }
      if (a.requests() > 0) {
        defaults.put(Keys.REQUEST_COUNT.name(), Integer.toString(a.requests()));
      }
    });
    Optional.ofNullable(c.getAnnotation(Warmup.class)).ifPresent(a -> {
      if (a.requests() > 0) {
        defaults.put(Keys.WARMUP_REQUEST_COUNT.name(), Integer.toString(a.requests()));
      }
      if (!a.duration().isBlank()) {
        defaults.put(Keys.WARMUP_DURATION.name(), a.duration());
      }
    });
    Optional.ofNullable(c.getAnnotation(Endpoint.class)).ifPresent(a -> {
      defaults.put(Keys.ENDPOINT_TYPE.name(), a.type());
      defaults.put(Keys.STREAMING.name(), Boolean.toString(a.streaming()));
    });
    Optional.ofNullable(c.getAnnotation(Dataset.class)).ifPresent(a -> {
      if (!a.publicDataset().isBlank()) {
        defaults.put(Keys.PUBLIC_DATASET.name(), a.publicDataset());
      }
      if (!a.inputFile().isBlank()) {
        defaults.put(Keys.INPUT_FILE.name(), a.inputFile());
      }
    });
    for (Default d : defaultsOf(c)) {
      if (d.preset().isBlank()) {
        defaults.put(d.key(), d.value());
      } else {
        presets.computeIfAbsent(d.preset(), p -> new LinkedHashMap<>()).put(d.key(), d.value());
      }
    }

    Map<Field, List<String>> params = new LinkedHashMap<>();
    for (Field f : c.getDeclaredFields()) {
      Param p = f.getAnnotation(Param.class);
      if (p == null) {
        continue;
      }
      if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())) {
        throw new InvalidScenarioException(c, "@Param field " + f.getName() + " must be neither static nor final");
      }
      if (p.value().length == 0) {
        throw new InvalidScenarioException(c, "@Param field " + f.getName() + " needs at least one value");
      }
      for (String v : p.value()) {
        try {
          ParamConverter.convert(f.getType(), v);
        } catch (IllegalArgumentException e) {
          throw new InvalidScenarioException(c, "@Param field " + f.getName() + ": " + e.getMessage());
        }
      }
      f.setAccessible(true);
      params.put(f, List.of(p.value()));
    }
    return new ScenarioModel(c, name, s.description(), List.copyOf(locks), List.copyOf(slos), Map.copyOf(defaults),
        Map.copyOf(presets), params, workload);
  }

  /**
   * The class's {@link Default}s, after those of the annotations on it that carry {@code @Default}
   * themselves (composed annotations, e.g. one shared smoke preset for several scenarios), so the
   * class's own defaults win.
   */
  static List<Default> defaultsOf(Class<?> c) {
    List<Default> out = new ArrayList<>();
    for (java.lang.annotation.Annotation a : c.getAnnotations()) {
      Class<? extends java.lang.annotation.Annotation> t = a.annotationType();
      if (!t.getName().startsWith("java.") && !t.getName().startsWith("dev.infermark.annotations.")) {
        out.addAll(List.of(t.getAnnotationsByType(Default.class)));
      }
    }
    out.addAll(List.of(c.getAnnotationsByType(Default.class)));
    return out;
  }

  /** The typed settings interfaces its {@code @Workload} method declares (implemented from the run's settings). */
  public List<Class<?>> typedSettings() {
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> t : workload.getParameterTypes()) {
      if (!INJECTED.contains(t) && t.isInterface()) {
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
        if (type.isAnnotationPresent(a)) {
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
