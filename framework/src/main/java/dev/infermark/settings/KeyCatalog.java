package dev.infermark.settings;

import java.util.List;

/**
 * Contributes setting keys. Each module lists its keys in one class implementing this interface,
 * registered in {@code META-INF/services/dev.infermark.settings.KeyCatalog}; together they are the
 * set of known {@code infermark.*} keys (anything else is an error with a did-you-mean).
 */
public interface KeyCatalog {
  List<SettingKey<?>> keys();
}
