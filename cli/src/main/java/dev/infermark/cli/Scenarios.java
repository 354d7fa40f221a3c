package dev.infermark.cli;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.engine.discovery.ScenarioScan;
import dev.infermark.settings.SettingsRegistry;

/**
 * The scenarios on the class path (the jar's built-in ones, and those of {@code --scenario-jar}
 * and {@code --classpath}), by name, found as the engine finds {@code infermark.scenario=NAME}
 * ({@link ScenarioScan}).
 */
final class Scenarios {
  private final Map<String, List<Class<?>>> byName;

  private Scenarios(Map<String, List<Class<?>>> byName) {
    this.byName = byName;
  }

  /**
   * The scenarios of the context class loader's class path: the indexes, and the folders and jars of
   * {@code --scenario-jar} / {@code --classpath} that have none ({@link ScenarioScan}).
   */
  static Scenarios scan() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return new Scenarios(ScenarioScan.byName(loader, ScenarioClassPath.named(loader)));
  }

  Collection<String> names() {
    return byName.keySet();
  }

  /** Every scenario class, by name then class name. */
  List<Class<?>> classes() {
    return byName.values().stream().flatMap(List::stream).toList();
  }

  /**
   * The class of the scenario called {@code name}.
   *
   * @throws IllegalArgumentException naming the known scenarios (with a did-you-mean), or the
   *     classes that share the name
   */
  Class<?> find(String name) {
    List<Class<?>> found = byName.get(name);
    if (found == null) {
      String hint = SettingsRegistry.closest(name, byName.keySet(), Math.max(3, name.length() / 3))
          .map(n -> " Did you mean " + n + "?").orElse("");
      throw new IllegalArgumentException("no scenario is called '" + name + "'." + hint + " Known scenarios: "
          + String.join(", ", byName.keySet()) + " (infermark list describes them)");
    }
    if (found.size() > 1) {
      throw new IllegalArgumentException("scenario name '" + name + "' is ambiguous: "
          + found.stream().map(Class::getName).toList() + " all have it");
    }
    return found.getFirst();
  }

  Optional<Class<?>> lookup(String name) {
    List<Class<?>> found = byName.get(name);
    return found == null || found.size() != 1 ? Optional.empty() : Optional.of(found.getFirst());
  }
}
