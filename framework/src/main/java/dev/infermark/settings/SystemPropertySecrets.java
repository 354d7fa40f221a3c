package dev.infermark.settings;

import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Secret settings given as system properties ({@code -Dinfermark.api-key=...}) are taken out of
 * the JVM's system properties the first time settings are read, and kept here: tools that copy
 * every system property into a file then never see them (Surefire writes them into each XML
 * report's {@code <properties>}, which CI systems archive). A value set again as a system property
 * replaces the kept one; a blank one removes it.
 */
public final class SystemPropertySecrets {
  private static final Map<String, String> KEPT = new ConcurrentHashMap<>();

  private SystemPropertySecrets() {}

  /**
   * Takes the registry's secret settings out of the system properties.
   *
   * @return the properties ({@code infermark.api-key}) taken by this call
   */
  public static synchronized Set<String> take(SettingsRegistry registry) {
    Set<String> taken = new TreeSet<>();
    for (SettingKey<?> k : registry.keys()) {
      if (!k.secret()) {
        continue;
      }
      String property = k.property();
      String value = System.getProperty(property);
      if (value == null) {
        continue;
      }
      System.clearProperty(property);
      if (value.isBlank()) {
        KEPT.remove(property);
      } else {
        KEPT.put(property, value);
        taken.add(property);
      }
    }
    return taken;
  }

  /** A copy of the system properties with the secrets taken so far put back: what settings resolve from. */
  public static synchronized Properties systemProperties(SettingsRegistry registry) {
    take(registry);
    Properties p = new Properties();
    Properties system = System.getProperties();
    for (String name : system.stringPropertyNames()) {
      p.setProperty(name, system.getProperty(name));
    }
    KEPT.forEach(p::setProperty);
    return p;
  }

  /** Whether {@code property} came as a system property and is kept here. */
  public static boolean kept(String property) {
    return KEPT.containsKey(property);
  }
}
