package dev.infermark.settings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** Every known setting key, gathered from the {@link KeyCatalog}s on the class path. */
public final class SettingsRegistry {
  /** Prefix of the per-field {@code @Param} overrides, which are always known. */
  public static final String PARAM_PREFIX = "param.";

  private final Map<String, SettingKey<?>> keys = new LinkedHashMap<>();
  private final Map<String, KeyCatalog> workloadKeys = new LinkedHashMap<>();

  public SettingsRegistry(Collection<? extends KeyCatalog> catalogs) {
    for (KeyCatalog c : catalogs) {
      for (SettingKey<?> k : c.keys()) {
        SettingKey<?> prior = keys.putIfAbsent(k.name(), k);
        if (prior != null && prior != k) {
          throw new IllegalStateException("setting " + k.property() + " is declared twice (" + c.getClass().getName() + ")");
        }
      }
      for (SettingKey<?> k : c.workloadKeys()) {
        if (!c.keys().contains(k)) {
          throw new IllegalStateException(c.getClass().getName() + ".workloadKeys() names " + k.property()
              + ", which is not one of its keys()");
        }
        workloadKeys.put(k.name(), c);
      }
    }
  }

  /** The catalog that declares {@code name} a workload key ({@link KeyCatalog#workloadKeys()}), if one does. */
  public Optional<KeyCatalog> workloadKey(String name) {
    return Optional.ofNullable(workloadKeys.get(name));
  }

  /** The registry of every catalog the class loader sees. */
  public static SettingsRegistry load(ClassLoader loader) {
    return new SettingsRegistry(catalogs(loader));
  }

  /**
   * Every catalog the class loader sees, the framework's first, then by class name: the order of
   * docs/settings.md and of {@code infermark profile --help}.
   */
  public static List<KeyCatalog> catalogs(ClassLoader loader) {
    List<KeyCatalog> catalogs = new ArrayList<>();
    ServiceLoader.load(KeyCatalog.class, loader).forEach(catalogs::add);
    catalogs.sort(java.util.Comparator.comparing(c -> c.getClass() == Keys.class ? "" : c.getClass().getName()));
    return catalogs;
  }

  /** A catalog's heading: {@code Framework} for the framework's, else its simple class name. */
  public static String title(KeyCatalog catalog) {
    return catalog.getClass() == Keys.class ? "Framework" : catalog.getClass().getSimpleName();
  }

  public static SettingsRegistry load() {
    return load(Thread.currentThread().getContextClassLoader());
  }

  public Collection<SettingKey<?>> keys() {
    return keys.values();
  }

  public Optional<SettingKey<?>> find(String name) {
    return Optional.ofNullable(keys.get(name));
  }

  public boolean isKnown(String name) {
    return keys.containsKey(name) || name.startsWith(PARAM_PREFIX);
  }

  /** The known key closest to {@code name} (edit distance), for did-you-mean messages. */
  public Optional<String> closest(String name) {
    return closest(name, keys.keySet(), Math.max(3, name.length() / 3));
  }

  /**
   * The candidate closest to {@code name} by edit distance, when within {@code maxDistance}: the
   * one did-you-mean of infermark (setting keys, scenario names, presets, parameters, SLO names).
   * When none is that close, a name of several words ({@code max-token}) matches the candidate
   * whose words begin with them in order ({@code agentperf-max-tokens}), the one with the fewest
   * other words first.
   */
  public static Optional<String> closest(String name, Iterable<String> candidates, int maxDistance) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : candidates) {
      int d = distance(name, k);
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    if (best != null && bestDistance <= maxDistance) {
      return Optional.of(best);
    }
    List<String> typed = words(name);
    if (typed.size() < 2) {
      return Optional.empty();
    }
    String byWords = null;
    for (String k : candidates) {
      List<String> ws = words(k);
      if (containsInOrder(ws, typed) && (byWords == null || ws.size() < words(byWords).size()
          || ws.size() == words(byWords).size() && k.compareTo(byWords) < 0)) {
        byWords = k;
      }
    }
    return Optional.ofNullable(byWords);
  }

  private static List<String> words(String s) {
    return java.util.Arrays.stream(s.toLowerCase(java.util.Locale.ROOT).split("[-_.\\s]+")).filter(w -> !w.isEmpty())
        .toList();
  }

  /** Whether each of {@code typed} begins a word of {@code words}, in order. */
  private static boolean containsInOrder(List<String> words, List<String> typed) {
    int i = 0;
    for (String w : words) {
      if (i < typed.size() && w.startsWith(typed.get(i))) {
        i++;
      }
    }
    return i == typed.size();
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
