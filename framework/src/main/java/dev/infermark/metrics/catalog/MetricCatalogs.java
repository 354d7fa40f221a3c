package dev.infermark.metrics.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.WeakHashMap;

import dev.infermark.api.Metric;
import dev.infermark.settings.SettingsRegistry;

/**
 * Every metric known: the harness's ({@link Metric}'s defined constants, in declaration order), then those of
 * the {@link MetricCatalog}s on the class path (by class name), each tag defined once.
 */
public final class MetricCatalogs {
  private static final String CORE = Metric.class.getName();
  private static final Map<ClassLoader, MetricCatalogs> LOADED = new WeakHashMap<>();

  private final Map<String, MetricDef> defs = new LinkedHashMap<>();

  /**
   * The harness's metrics and {@code catalogs}'.
   *
   * @throws IllegalStateException when a tag is defined twice, naming both definitions
   */
  public MetricCatalogs(Collection<? extends MetricCatalog> catalogs) {
    Map<String, String> source = new LinkedHashMap<>();
    for (Metric m : Metric.values()) {
      if (m.defined()) {
        add(MetricDef.of(m), CORE, source);
      }
    }
    List<MetricCatalog> sorted = new ArrayList<>(catalogs);
    sorted.sort(Comparator.comparing(c -> c.getClass().getName()));
    for (MetricCatalog c : sorted) {
      for (MetricDef d : c.metrics()) {
        add(d, c.getClass().getName(), source);
      }
    }
    for (MetricCatalog c : sorted) {
      for (String tag : c.alsoPerTier()) {
        MetricDef d = defs.get(tag);
        if (d == null) {
          throw new IllegalStateException(c.getClass().getName() + ".alsoPerTier(): no metric " + tag
              + SettingsRegistry.closest(tag, defs.keySet(), 2).map(n -> " (did you mean " + n + "?)").orElse(""));
        }
        if (d.scope() == MetricDef.Scope.RUN) {
          defs.put(tag, d.runAndTier());
        }
      }
    }
  }

  private void add(MetricDef d, String from, Map<String, String> source) {
    String before = source.putIfAbsent(d.tag(), from);
    if (before != null) {
      throw new IllegalStateException("metric " + d.tag() + " is defined twice: by " + before + " and by " + from
          + "; define each metric once (a methodology's catalog names a harness metric in alsoPerTier())");
    }
    defs.put(d.tag(), d);
  }

  /** The metrics of the catalogs {@code loader} sees (looked up once per loader). */
  public static MetricCatalogs load(ClassLoader loader) {
    synchronized (LOADED) {
      MetricCatalogs known = LOADED.get(loader);
      if (known == null) {
        List<MetricCatalog> catalogs = new ArrayList<>();
        ServiceLoader.load(MetricCatalog.class, loader).forEach(catalogs::add);
        known = new MetricCatalogs(catalogs);
        LOADED.put(loader, known);
      }
      return known;
    }
  }

  /** The metrics of the catalogs the thread's context class loader sees, as plug-in points find a user's jar. */
  public static MetricCatalogs current() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return load(loader == null ? MetricCatalogs.class.getClassLoader() : loader);
  }

  /** The metric tagged {@code tag}, if one is defined. */
  public Optional<MetricDef> get(String tag) {
    return Optional.ofNullable(defs.get(tag));
  }

  /** Every tag, the harness's first, in order. */
  public Set<String> tags() {
    return Collections.unmodifiableSet(defs.keySet());
  }

  /** The known tag nearest {@code name}, at most {@code maxEdits} edits away: a typo's did-you-mean. */
  public Optional<String> closest(String name, int maxEdits) {
    return SettingsRegistry.closest(name, defs.keySet(), maxEdits);
  }
}
