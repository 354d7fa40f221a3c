package dev.infermark.engine.discovery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoveryFilter;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.ClasspathRootSelector;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.PackageNameFilter;
import org.junit.platform.engine.discovery.PackageSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;

import dev.infermark.annotations.Scenario;
import dev.infermark.engine.descriptor.BrokenScenarioDescriptor;
import dev.infermark.engine.descriptor.ErrorRateDescriptor;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.engine.descriptor.RunDescriptor;
import dev.infermark.engine.descriptor.ScenarioDescriptor;
import dev.infermark.engine.descriptor.SloDescriptor;
import dev.infermark.engine.descriptor.VerdictDescriptor;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.SloSpec;
import dev.infermark.settings.Keys;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;

/**
 * Turns a discovery request into the descriptor tree: engine → scenario → run (per parameter
 * combination) → the {@code error_rate} check, SLO checks and the {@code submission_valid} check.
 *
 * <p>Class and method selectors select a scenario class; package and class-path-root selectors
 * scan with ClassGraph, honouring class-name and package-name filters; unique-id selectors select
 * a scenario, one run, or one check of one run. With {@code infermark.scenario=NAME}, exactly the
 * scenario of that name is discovered, wherever it is on the class path, and nothing else.
 */
public final class ScenarioDiscoverer {
  private final EngineDiscoveryRequest request;
  private final TestDescriptor engine;
  private final ConfigurationParameters config;
  private final Map<Class<?>, TestDescriptor> scenarios = new LinkedHashMap<>();

  public ScenarioDiscoverer(EngineDiscoveryRequest request, TestDescriptor engine) {
    this.request = request;
    this.engine = engine;
    this.config = request.getConfigurationParameters();
  }

  public void discover() {
    Optional<String> named = lookup(Keys.SCENARIO.property());
    if (named.isPresent() && !named.get().isBlank()) {
      discoverNamed(named.get().trim());
      return;
    }
    Predicate<String> classFilter = classNameFilter();
    for (ClassSelector s : request.getSelectorsByType(ClassSelector.class)) {
      addClass(s.getJavaClass(), null, null);
    }
    for (MethodSelector s : request.getSelectorsByType(MethodSelector.class)) {
      addClass(s.getJavaClass(), null, null);
    }
    for (PackageSelector s : request.getSelectorsByType(PackageSelector.class)) {
      scan(new ClassGraph().acceptPackages(s.getPackageName()), classFilter);
    }
    for (ClasspathRootSelector s : request.getSelectorsByType(ClasspathRootSelector.class)) {
      scan(new ClassGraph().overrideClasspath(s.getClasspathRoot()), classFilter);
    }
    for (UniqueIdSelector s : request.getSelectorsByType(UniqueIdSelector.class)) {
      resolveUniqueId(s.getUniqueId());
    }
  }

  private void discoverNamed(String name) {
    Map<String, Class<?>> byName = new TreeMap<>();
    try (ScanResult scan = new ClassGraph().enableClassInfo().enableAnnotationInfo()
        .rejectPackages("java", "javax", "jdk", "sun", "com.sun", "org.junit", "org.opentest4j", "tools.jackson",
            "com.fasterxml", "ai.djl", "com.google", "org.apache", "net.bytebuddy", "io.github.classgraph",
            "org.hdrhistogram", "org.assertj", "org.mockito", "org.duckdb")
        .scan()) {
      for (String n : scan.getClassesWithAnnotation(Scenario.class.getName()).getNames()) {
        Class<?> c = load(n);
        if (c != null && ScenarioModel.isScenario(c)) {
          Scenario a = c.getAnnotation(Scenario.class);
          byName.put(a.name().isBlank() ? c.getSimpleName() : a.name(), c);
        }
      }
    }
    Class<?> c = byName.get(name);
    if (c == null) {
      throw new IllegalArgumentException("infermark.scenario=" + name + " names no scenario on the class path. Known scenarios: "
          + String.join(", ", byName.keySet()));
    }
    addClass(c, null, null);
  }

  private void scan(ClassGraph graph, Predicate<String> classFilter) {
    try (ScanResult scan = graph.enableClassInfo().enableAnnotationInfo().scan()) {
      for (String n : scan.getClassesWithAnnotation(Scenario.class.getName()).getNames()) {
        if (classFilter.test(n)) {
          Class<?> c = load(n);
          if (c != null) {
            addClass(c, null, null);
          }
        }
      }
    }
  }

  private void resolveUniqueId(UniqueId id) {
    List<UniqueId.Segment> segs = id.getSegments();
    if (segs.isEmpty() || !InfermarkUniqueIds.ENGINE_ID.equals(segs.get(0).getValue())) {
      return;
    }
    if (segs.size() < 2 || !InfermarkUniqueIds.SCENARIO.equals(segs.get(1).getType())) {
      if (segs.size() == 1) {
        scan(new ClassGraph(), classNameFilter());
      }
      return;
    }
    Class<?> c = load(segs.get(1).getValue());
    if (c == null) {
      return;
    }
    String run = segs.size() > 2 && InfermarkUniqueIds.RUN.equals(segs.get(2).getType()) ? segs.get(2).getValue() : null;
    String check = segs.size() > 3 ? segs.get(3).getType() + ":" + segs.get(3).getValue() : null;
    addClass(c, run, check);
  }

  /**
   * Adds a scenario class, or one run of it, or one check of one run. Adding the whole class or a
   * whole run after a narrower selection widens it.
   */
  private void addClass(Class<?> c, String onlyRun, String onlyCheck) {
    if (!c.isAnnotationPresent(Scenario.class)) {
      return;
    }
    UniqueId sid = InfermarkUniqueIds.scenario(engine.getUniqueId(), c);
    TestDescriptor existing = scenarios.get(c);
    if (existing instanceof BrokenScenarioDescriptor) {
      return;
    }
    ScenarioModel model;
    try {
      model = ScenarioModel.of(c);
    } catch (RuntimeException e) {
      BrokenScenarioDescriptor broken = new BrokenScenarioDescriptor(sid, c, e);
      scenarios.put(c, broken);
      engine.addChild(broken);
      return;
    }
    ScenarioDescriptor sd = (ScenarioDescriptor) existing;
    if (sd == null) {
      sd = new ScenarioDescriptor(sid, model);
      scenarios.put(c, sd);
      engine.addChild(sd);
    }
    for (RunParams params : model.runs(this::lookup)) {
      if (onlyRun != null && !onlyRun.equals(params.id())) {
        continue;
      }
      UniqueId rid = InfermarkUniqueIds.run(sid, params.id());
      RunDescriptor rd = (RunDescriptor) sd.findByUniqueId(rid).orElse(null);
      if (rd == null) {
        rd = new RunDescriptor(rid, model, params);
        sd.addChild(rd);
      }
      UniqueId eid = InfermarkUniqueIds.errorRate(rid);
      if ((onlyCheck == null || onlyCheck.equals(InfermarkUniqueIds.CHECK + ":" + InfermarkUniqueIds.ERROR_RATE))
          && rd.findByUniqueId(eid).isEmpty()) {
        rd.addChild(new ErrorRateDescriptor(eid, model));
      }
      for (SloSpec slo : model.slos()) {
        UniqueId lid = InfermarkUniqueIds.slo(rid, slo.id());
        if ((onlyCheck == null || onlyCheck.equals(InfermarkUniqueIds.SLO + ":" + slo.id()))
            && rd.findByUniqueId(lid).isEmpty()) {
          rd.addChild(new SloDescriptor(lid, model, params, slo));
        }
      }
      if (model.stampsVerdict()) {
        UniqueId vid = InfermarkUniqueIds.verdict(rid);
        if ((onlyCheck == null || onlyCheck.equals(InfermarkUniqueIds.VERDICT + ":" + InfermarkUniqueIds.VERDICT_VALUE))
            && rd.findByUniqueId(vid).isEmpty()) {
          rd.addChild(new VerdictDescriptor(vid, model, params));
        }
      }
    }
  }

  private Optional<String> lookup(String key) {
    String sys = System.getProperty(key);
    return sys != null ? Optional.of(sys) : config.get(key);
  }

  private Predicate<String> classNameFilter() {
    List<DiscoveryFilter<String>> filters = new ArrayList<>();
    filters.addAll(request.getFiltersByType(ClassNameFilter.class));
    filters.addAll(request.getFiltersByType(PackageNameFilter.class));
    return Filter.composeFilters(filters).toPredicate();
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
