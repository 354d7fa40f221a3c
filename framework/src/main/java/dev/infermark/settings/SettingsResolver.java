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

/**
 * Resolves settings, lowest precedence first: built-in defaults, scenario defaults, preset
 * defaults, (a value a {@code @Locked} rule injects, see {@code LockChecker}), configuration
 * parameters ({@code junit-platform.properties}), system properties ({@code -Dinfermark.KEY}),
 * environment ({@code INFERMARK_KEY}; {@code OPENAI_API_KEY} for the API key when neither
 * {@code api-key} nor {@code api-key-file} is set).
 *
 * <p>The user's sources are read once, when the resolver is made (the engine makes one per
 * discovery): every scenario and run of that discovery resolves from the same snapshot, and
 * discovery's own lookups ({@code infermark.scenario}, {@code infermark.param.*}) use
 * {@link #user}, with the same precedence. An unknown {@code infermark.*} key or a value that does
 * not parse, in any user source, is a {@link #problems() problem} naming the key, where it came
 * from and the closest known key; {@link #resolve} then fails with all of them.
 */
public final class SettingsResolver {
  private final SettingsRegistry registry;
  private final Map<String, Settings.Entry> user;
  private final List<String> problems;

  /**
   * Reads the user's sources now.
   *
   * @param configuration JUnit configuration parameters by full key ({@code infermark.url})
   * @param configurationKeys every configuration parameter key (to find unknown ones)
   */
  public SettingsResolver(SettingsRegistry registry, Function<String, Optional<String>> configuration,
      Set<String> configurationKeys, Properties systemProperties, Map<String, String> environment) {
    this.registry = registry;
    List<String> found = new ArrayList<>();
    Map<String, Settings.Entry> m = new LinkedHashMap<>();
    // User sources, lowest first; a later source overwrites.
    for (String full : new TreeSet<>(configurationKeys)) {
      if (full.startsWith("infermark.") && systemProperties.getProperty(full) == null) {
        configuration.apply(full).ifPresent(v -> put(m, full.substring(10), v, Source.CONFIGURATION,
            "junit-platform.properties", found));
      }
    }
    for (String full : new TreeSet<>(systemProperties.stringPropertyNames())) {
      if (full.startsWith("infermark.")) {
        put(m, full.substring(10), systemProperties.getProperty(full), Source.SYSTEM_PROPERTY, "-D" + full, found);
      }
    }
    for (String env : new TreeSet<>(environment.keySet())) {
      if (env.startsWith("INFERMARK_")) {
        put(m, fromEnvironmentName(env), environment.get(env), Source.ENVIRONMENT, env, found);
      }
    }
    // OpenAI's variable is the fallback when no infermark setting names a key
    String openAiKey = environment.get("OPENAI_API_KEY");
    if (openAiKey != null && !openAiKey.isBlank() && !m.containsKey(Keys.API_KEY.name())
        && !m.containsKey(Keys.API_KEY_FILE.name())) {
      m.put(Keys.API_KEY.name(), new Settings.Entry(Keys.API_KEY.name(), openAiKey, Source.ENVIRONMENT));
    }
    found.addAll(unparsable(new Settings(m), m.keySet()));
    this.user = Map.copyOf(m);
    this.problems = List.copyOf(found);
  }

  /**
   * A resolver over the given configuration parameters, the JVM's system properties as they are
   * now (secret settings taken out of them first: {@link SystemPropertySecrets}) and the process
   * environment.
   */
  public static SettingsResolver ofJvm(SettingsRegistry registry, Function<String, Optional<String>> configuration,
      Set<String> configurationKeys) {
    return new SettingsResolver(registry, configuration, configurationKeys, SystemPropertySecrets.systemProperties(registry),
        System.getenv());
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
   * What is wrong with the user's settings: unknown keys (with a did-you-mean) and values that do
   * not parse, each naming where it came from. Empty when all is well.
   */
  public List<String> problems() {
    return problems;
  }

  /** The value the user gave a setting (name without prefix: {@code scenario}, {@code param.inputTokens}), if any. */
  public Optional<String> user(String name) {
    return Optional.ofNullable(user.get(name)).map(Settings.Entry::text);
  }

  /** The names of every setting the user gave (without prefix), sorted. */
  public Set<String> userKeys() {
    return new TreeSet<>(user.keySet());
  }

  /**
   * Resolves all sources.
   *
   * @param scenarioDefaults the scenario's plain defaults, by name
   * @param presetDefaults the defaults of each preset the scenario declares (preset name -> name -> value)
   * @throws IllegalArgumentException listing every problem: unknown keys with a did-you-mean,
   *     values that do not parse
   */
  public Settings resolve(Map<String, String> scenarioDefaults, Map<String, Map<String, String>> presetDefaults) {
    List<String> found = new ArrayList<>(problems);
    Map<String, Settings.Entry> m = new LinkedHashMap<>();
    scenarioDefaults.forEach((k, v) -> put(m, k, v, Source.SCENARIO, "the scenario", found));
    String preset = user.containsKey(Keys.PRESET.name()) ? user.get(Keys.PRESET.name()).text()
        : m.containsKey(Keys.PRESET.name()) ? m.get(Keys.PRESET.name()).text() : null;
    if (preset != null && !preset.isBlank()) {
      Map<String, String> p = presetDefaults.get(preset.trim());
      if (p != null) {
        p.forEach((k, v) -> put(m, k, v, Source.PRESET, "preset " + preset, found));
      }
    }
    m.putAll(user);
    Settings settings = new Settings(m);
    if (found.isEmpty()) {
      found.addAll(unparsable(settings, registry.keys().stream().map(SettingKey::name).toList()));
    }
    if (!found.isEmpty()) {
      throw new IllegalArgumentException(String.join("\n", found));
    }
    return settings;
  }

  /** Parses every named value once, so a bad value fails before the run with the key's name. */
  private List<String> unparsable(Settings settings, Iterable<String> names) {
    List<String> out = new ArrayList<>();
    for (String name : names) {
      Optional<SettingKey<?>> k = registry.find(name);
      if (k.isEmpty()) {
        continue;
      }
      try {
        settings.value(k.get());
      } catch (IllegalArgumentException e) {
        out.add(e.getMessage() + " (from " + describe(settings.source(k.get())) + ")");
      }
    }
    return out;
  }

  private static String describe(Source source) {
    return switch (source) {
      case CONFIGURATION -> "junit-platform.properties";
      case SYSTEM_PROPERTY -> "a -D system property";
      case ENVIRONMENT -> "the environment";
      default -> source.name().toLowerCase(Locale.ROOT);
    };
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
