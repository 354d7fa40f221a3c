package dev.infermark.engine.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.infermark.annotations.Scenario;
import dev.infermark.scenario.ScenarioModel;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;

/**
 * Finds scenarios by name on the whole class path, for {@code infermark.scenario=NAME} and for the
 * command line's {@code infermark list}. ClassGraph
 * reads class files without loading them, so every jar can be searched (no package list to keep)
 * and only the {@code @Scenario} classes are loaded.
 */
public final class ScenarioScan {
  private ScenarioScan() {}

  /** Every concrete {@code @Scenario} class of the class path by scenario name; a name used twice lists each class. */
  public static Map<String, List<Class<?>>> byName() {
    Map<String, List<Class<?>>> out = new TreeMap<>();
    try (ScanResult scan = new ClassGraph().enableClassInfo().enableAnnotationInfo().scan()) {
      for (String n : scan.getClassesWithAnnotation(Scenario.class.getName()).getNames()) {
        load(n).filter(ScenarioModel::isScenario).ifPresent(c -> {
          Scenario a = c.getAnnotation(Scenario.class);
          out.computeIfAbsent(a.name().isBlank() ? c.getSimpleName() : a.name(), k -> new ArrayList<>()).add(c);
        });
      }
    }
    return out;
  }

  static Optional<Class<?>> load(String name) {
    try {
      return Optional.of(Class.forName(name, false, loader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  private static ClassLoader loader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : ScenarioScan.class.getClassLoader();
  }
}
