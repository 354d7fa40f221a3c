package dev.infermark.settings;

import java.util.List;

/**
 * Contributes setting keys. Each module lists its keys in one class implementing this interface,
 * registered in {@code META-INF/services/dev.infermark.settings.KeyCatalog}; together they are the
 * set of known {@code infermark.*} keys (anything else is an error with a did-you-mean).
 */
public interface KeyCatalog {
  List<SettingKey<?>> keys();

  /**
   * The keys of {@link #keys()} that only a workload reading them can honour (a synthetic prompt's length means
   * nothing to a trace replay). A scenario reads one through a typed settings interface its {@code @Workload} method
   * takes; a value the user gives one of them for a scenario that does not read it fails the run before any load,
   * naming it, instead of being accepted and ignored. Default: none (such a key is only named by the end-of-run
   * warning about settings nothing read).
   */
  default List<SettingKey<?>> workloadKeys() {
    return List.of();
  }
}
