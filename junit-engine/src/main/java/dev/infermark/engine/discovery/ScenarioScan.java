package dev.infermark.engine.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.processing.ScenarioIndexer;
import dev.infermark.scenario.ScenarioModel;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;

/**
 * Finds scenarios by name, for {@code infermark.scenario=NAME} and the command line's {@code list},
 * {@code describe} and {@code profile --scenario}. The class path is not scanned: each folder or
 * jar that the API's {@link ScenarioIndexer} compiled has an index ({@value ScenarioIndexer#INDEX})
 * naming its {@code @Scenario} classes, and only the classes named there are loaded (not
 * initialised). A folder without an index (classes compiled without annotation processing: an
 * IDE, JDK 23+ without {@code -proc:full}) is scanned with ClassGraph, which reads class files
 * without loading them; so is a jar without one that the caller names (the command line's
 * {@code --scenario-jar} and {@code --classpath}). Other jars without an index are not searched:
 * a third-party jar has no scenarios, and scanning them all cost seconds (docs/running.md, "The
 * scenario index"). Only public classes are found by name, as a scan finds them: a test's own
 * package-private scenario classes are run by selecting the class, and their names may repeat.
 */
public final class ScenarioScan {
  private ScenarioScan() {}

  /** Every concrete {@code @Scenario} class of the context class loader's class path by scenario name. */
  public static Map<String, List<Class<?>>> byName() {
    return byName(loader(), List.of());
  }

  /**
   * Every concrete {@code @Scenario} class {@code loader} sees by scenario name; a name used twice
   * lists each class.
   *
   * @param named folders and jars to scan when they have no index, though they are jars
   */
  public static Map<String, List<Class<?>>> byName(ClassLoader loader, Collection<Path> named) {
    Set<String> classes = new TreeSet<>();
    Set<Path> indexed = new LinkedHashSet<>();
    for (URL index : resources(loader, ScenarioIndexer.INDEX)) {
      element(index, ScenarioIndexer.INDEX).ifPresent(indexed::add);
      classes.addAll(read(index));
    }
    Set<Path> unindexed = new LinkedHashSet<>();
    for (URL root : resources(loader, "")) {
      element(root, "").filter(Files::isDirectory).ifPresent(unindexed::add);
    }
    named.forEach(p -> unindexed.add(p.toAbsolutePath().normalize()));
    unindexed.removeAll(indexed);
    if (!unindexed.isEmpty()) {
      classes.addAll(scan(unindexed));
    }
    Map<String, List<Class<?>>> out = new TreeMap<>();
    for (String n : classes) {
      load(n, loader).filter(ScenarioModel::isScenario).filter(c -> Modifier.isPublic(c.getModifiers()))
          .ifPresent(c -> out.computeIfAbsent(name(c), k -> new ArrayList<>()).add(c));
    }
    return out;
  }

  /** A scenario class's name: its {@code @Scenario(name)}, else its simple name. */
  static String name(Class<?> scenario) {
    Scenario a = scenario.getAnnotation(Scenario.class);
    return a.name().isBlank() ? scenario.getSimpleName() : a.name();
  }

  /** The {@code @Scenario} classes in {@code elements}, read from their class files. */
  private static List<String> scan(Collection<Path> elements) {
    try (ScanResult scan = new ClassGraph().overrideClasspath(elements).enableClassInfo().enableAnnotationInfo().scan()) {
      return scan.getClassesWithAnnotation(Scenario.class.getName()).getNames();
    }
  }

  private static List<URL> resources(ClassLoader loader, String name) {
    try {
      return Collections.list(loader.getResources(name));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + (name.isEmpty() ? "the class path folders" : name), e);
    }
  }

  /** The class names an index lists. */
  private static List<String> read(URL index) {
    List<String> out = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(index.openStream(), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String name = line.strip();
        if (!name.isEmpty() && !name.startsWith("#")) {
          out.add(name);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the scenario index " + index, e);
    }
    return out;
  }

  /** The folder or jar that holds {@code resource} at {@code url}; empty when it is neither a file nor in one. */
  static Optional<Path> element(URL url, String resource) {
    try {
      String u = url.toString();
      if (u.startsWith("jar:file:") && u.contains("!/")) {
        return Optional.of(Path.of(new URI(u.substring(4, u.indexOf("!/")))).toAbsolutePath().normalize());
      }
      if (u.startsWith("file:")) {
        Path p = Path.of(url.toURI());
        for (int i = resource.isEmpty() ? 0 : resource.split("/").length; i > 0; i--) {
          p = p.getParent();
        }
        return Optional.of(p.toAbsolutePath().normalize());
      }
    } catch (URISyntaxException | IllegalArgumentException e) {
      // not a local file: nothing to compare or scan
    }
    return Optional.empty();
  }

  static Optional<Class<?>> load(String name) {
    return load(name, loader());
  }

  private static Optional<Class<?>> load(String name, ClassLoader loader) {
    try {
      return Optional.of(Class.forName(name, false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  private static ClassLoader loader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : ScenarioScan.class.getClassLoader();
  }
}
