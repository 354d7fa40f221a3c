package dev.infermark.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Resolves settings from their sources, lowest precedence first: built-in defaults, scenario
 * defaults, preset defaults, configuration parameters ({@code junit-platform.properties}), system
 * properties ({@code -Dinfermark.KEY}), environment ({@code INFERMARK_KEY}; {@code OPENAI_API_KEY}
 * for the API key when neither {@code api-key} nor {@code api-key-file} is set).
 *
 * <p>An unknown {@code infermark.*} key in any user source is an error naming the key, where it
 * came from, and the closest known key.
 */
public final class SettingsResolver {
  private final SettingsRegistry registry;
  private final Function<String, Optional<String>> configuration;
  private final Set<String> configurationKeys;
  private final Supplier<Properties> systemProperties;
  private final Map<String, String> environment;

  /**
   * @param configuration JUnit configuration parameters by full key ({@code infermark.url})
   * @param configurationKeys every configuration parameter key (to find unknown ones)
   */
  public SettingsResolver(SettingsRegistry registry, Function<String, Optional<String>> configuration,
      Set<String> configurationKeys, Properties systemProperties, Map<String, String> environment) {
    this(registry, configuration, configurationKeys, () -> systemProperties, environment);
  }

  private SettingsResolver(SettingsRegistry registry, Function<String, Optional<String>> configuration,
      Set<String> configurationKeys, Supplier<Properties> systemProperties, Map<String, String> environment) {
    this.registry = registry;
    this.configuration = configuration;
    this.configurationKeys = configurationKeys;
    this.systemProperties = systemProperties;
    this.environment = environment;
  }

  /**
   * A resolver over the given configuration parameters, the JVM's system properties (read at each
   * {@link #resolve}, secret settings taken out of them first: {@link SystemPropertySecrets}) and
   * the process environment.
   */
  public static SettingsResolver ofJvm(SettingsRegistry registry, Function<String, Optional<String>> configuration,
      Set<String> configurationKeys) {
    return new SettingsResolver(registry, configuration, configurationKeys,
        () -> SystemPropertySecrets.systemProperties(registry), System.getenv());
  }

  /**
   * A resolver over system properties and the environment only (programmatic runs, tools). Secret
   * settings are taken out of the system properties first ({@link SystemPropertySecrets}).
   */
  public static SettingsResolver fromSystem(SettingsRegistry registry) {
    return ofJvm(registry, k -> Optional.empty(), Set.of());
  }

  public SettingsRegistry registry() {
    return registry;
  }

  /**
   * Resolves all sources.
   *
   * @param scenarioDefaults the scenario's plain defaults, by name
   * @param presetDefaults the defaults of each preset the scenario declares (preset name -> name -> value)
   * @throws IllegalArgumentException listing every unknown key with a did-you-mean
   */
  public Settings resolve(Map<String, String> scenarioDefaults, Map<String, Map<String, String>> presetDefaults) {
    List<String> problems = new ArrayList<>();
    Properties systemProperties = this.systemProperties.get();
    Map<String, Settings.Entry> m = new LinkedHashMap<>();
    scenarioDefaults.forEach((k, v) -> put(m, k, v, Source.SCENARIO, "the scenario", problems));

    // User sources, lowest first; a later source overwrites.
    Map<String, Settings.Entry> user = new LinkedHashMap<>();
    for (String full : new TreeSet<>(configurationKeys)) {
      if (full.startsWith("infermark.") && systemProperties.getProperty(full) == null) {
        configuration.apply(full).ifPresent(v -> put(user, full.substring(10), v, Source.CONFIGURATION,
            "junit-platform.properties", problems));
      }
    }
    for (String full : new TreeSet<>(systemProperties.stringPropertyNames())) {
      if (full.startsWith("infermark.")) {
        put(user, full.substring(10), systemProperties.getProperty(full), Source.SYSTEM_PROPERTY, "-D" + full, problems);
      }
    }
    for (String env : new TreeSet<>(environment.keySet())) {
      if (env.startsWith("INFERMARK_")) {
        String name = fromEnvironmentName(env);
        put(user, name, environment.get(env), Source.ENVIRONMENT, env, problems);
      }
    }
    // OpenAI's variable is the fallback when no infermark setting names a key
    String openAiKey = environment.get("OPENAI_API_KEY");
    if (openAiKey != null && !openAiKey.isBlank() && !user.containsKey(Keys.API_KEY.name())
        && !user.containsKey(Keys.API_KEY_FILE.name())) {
      user.put(Keys.API_KEY.name(), new Settings.Entry(Keys.API_KEY.name(), openAiKey, Source.ENVIRONMENT));
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("\n", problems));
    }

    String preset = user.containsKey(Keys.PRESET.name()) ? user.get(Keys.PRESET.name()).text()
        : m.containsKey(Keys.PRESET.name()) ? m.get(Keys.PRESET.name()).text() : null;
    if (preset != null && !preset.isBlank()) {
      Map<String, String> p = presetDefaults.get(preset);
      if (p != null) {
        p.forEach((k, v) -> put(m, k, v, Source.PRESET, "preset " + preset, problems));
      }
    }
    m.putAll(user);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("\n", problems));
    }
    Settings settings = new Settings(m);
    validate(settings);
    return settings;
  }

  /** Parses every set value once, so a bad value fails before the run with the key's name. */
  private void validate(Settings settings) {
    List<String> problems = new ArrayList<>();
    for (SettingKey<?> k : registry.keys()) {
      try {
        settings.value(k);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage() + " (from " + settings.source(k).name().toLowerCase(Locale.ROOT) + ")");
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("\n", problems));
    }
  }

  private void put(Map<String, Settings.Entry> m, String name, String value, Source source, String origin,
      List<String> problems) {
    if (!registry.isKnown(name)) {
      String hint = registry.closest(name).map(c -> "; did you mean infermark." + c + "?").orElse("");
      problems.add("unknown setting infermark." + name + " (from " + origin + ")" + hint
          + " The known settings are listed in docs/settings.md.");
      return;
    }
    m.put(name, new Settings.Entry(name, value, source));
  }

  /** {@code INFERMARK_BENCHMARK_DURATION -> benchmark-duration}; matched against known names. */
  private String fromEnvironmentName(String env) {
    String tail = env.substring("INFERMARK_".length());
    for (SettingKey<?> k : registry.keys()) {
      if (k.environmentVariable().equals(env)) {
        return k.name();
      }
    }
    if (tail.startsWith("PARAM_")) {
      return SettingsRegistry.PARAM_PREFIX + tail.substring(6).toLowerCase(Locale.ROOT);
    }
    return tail.toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
