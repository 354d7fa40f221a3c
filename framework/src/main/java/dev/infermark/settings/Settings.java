package dev.infermark.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The resolved settings of one run: for every key, its text value and where it came from.
 * Immutable; {@link #with} returns a copy.
 *
 * <p>It remembers which settings were asked for with {@link #get} (copies made with {@link #with}
 * share that memory), so a run can say which of the user's settings it never read: {@link #unread()}.
 *
 * <p>Precedence, lowest first: built-in default &lt; scenario {@code @Default} &lt; preset &lt;
 * lock injection &lt; {@code junit-platform.properties} &lt; {@code -Dinfermark.KEY} &lt;
 * {@code INFERMARK_KEY}.
 */
public final class Settings {
  /** One resolved value. */
  public record Entry(String name, String text, Source source) {}

  private final Map<String, Entry> entries;
  private final Map<String, Object> parsed = new ConcurrentHashMap<>();
  private final Set<String> read;

  Settings(Map<String, Entry> entries) {
    this(entries, ConcurrentHashMap.newKeySet());
  }

  private Settings(Map<String, Entry> entries, Set<String> read) {
    this.entries = Map.copyOf(entries);
    this.read = read;
  }

  /** Settings from plain {@code name -> text} pairs (no prefix), as if given by system properties. */
  public static Settings of(Map<String, String> values) {
    Map<String, Entry> m = new LinkedHashMap<>();
    values.forEach((k, v) -> m.put(k, new Entry(k, v, Source.SYSTEM_PROPERTY)));
    return new Settings(m);
  }

  /** Settings with nothing set: every key at its default. */
  public static Settings empty() {
    return new Settings(Map.of());
  }

  /** The value, or the key's default when unset; {@code null} when neither exists. */
  public <T> T get(SettingKey<T> key) {
    read.add(key.name());
    return value(key);
  }

  /** {@link #get} without counting as a read (validation parses every key). */
  @SuppressWarnings("unchecked")
  <T> T value(SettingKey<T> key) {
    Entry e = entries.get(key.name());
    String text = e != null ? e.text() : key.defaultText();
    if (text == null) {
      return null;
    }
    String cacheKey = key.name() + "\u0000" + text;
    Object v = parsed.get(cacheKey);
    if (v == null) {
      v = key.parse(text);
      if (v == null) {
        return null; // a text that means unset (a blank URL)
      }
      parsed.put(cacheKey, v);
    }
    return (T) v;
  }

  /** The value, or the key's default, as an optional. */
  public <T> Optional<T> find(SettingKey<T> key) {
    return Optional.ofNullable(get(key));
  }

  /** Whether any source other than the built-in default gave a value. */
  public boolean isSet(SettingKey<?> key) {
    return entries.containsKey(key.name());
  }

  /** Whether the user gave the value (properties file, system property or environment). */
  public boolean isExplicit(SettingKey<?> key) {
    return isExplicit(key.name());
  }

  public boolean isExplicit(String name) {
    Entry e = entries.get(name);
    return e != null && e.source().explicit();
  }

  /** Where the value came from ({@link Source#DEFAULT} when unset). */
  public Source source(SettingKey<?> key) {
    Entry e = entries.get(key.name());
    return e == null ? Source.DEFAULT : e.source();
  }

  /** The raw text of a setting by name (without prefix), if any source set it. */
  public Optional<String> text(String name) {
    Entry e = entries.get(name);
    return e == null ? Optional.empty() : Optional.of(e.text());
  }

  /** A copy with one value replaced. */
  public Settings with(SettingKey<?> key, String text, Source source) {
    return with(key.name(), text, source);
  }

  public Settings with(String name, String text, Source source) {
    Map<String, Entry> m = new LinkedHashMap<>(entries);
    m.put(name, new Entry(name, text, source));
    return new Settings(m, read);
  }

  /**
   * The settings the user gave (properties file, system property, environment) that nothing asked
   * for with {@link #get} so far, by name: they had no effect on what ran. {@code param.*}
   * overrides are read through the run's parameters and never listed.
   */
  public List<Entry> unread() {
    return entries.values().stream()
        .filter(e -> e.source().explicit() && !read.contains(e.name()) && !e.name().startsWith(SettingsRegistry.PARAM_PREFIX))
        .sorted(java.util.Comparator.comparing(Entry::name)).toList();
  }

  /**
   * Whether anything asked for the setting {@code name} with {@link #get} (on these settings or a
   * copy): a search checks that the run read the setting it varies.
   */
  public boolean wasRead(String name) {
    return read.contains(name);
  }

  /** Every set entry by name. */
  public Map<String, Entry> entries() {
    return entries;
  }

  /**
   * The settings as written into artifacts: {@code infermark.NAME -> {value, source}}, sorted,
   * with secrets redacted.
   */
  public Map<String, Map<String, String>> provenance(SettingsRegistry registry) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (SettingKey<?> k : registry.keys()) {
      Entry e = entries.get(k.name());
      String text = e != null ? e.text() : k.defaultText();
      if (text == null) {
        continue;
      }
      Map<String, String> v = new LinkedHashMap<>();
      v.put("value", k.secret() ? "<redacted>" : text);
      v.put("source", (e == null ? Source.DEFAULT : e.source()).name().toLowerCase(java.util.Locale.ROOT));
      out.put(k.property(), v);
    }
    for (Entry e : entries.values()) {
      if (registry.find(e.name()).isEmpty()) {
        Map<String, String> v = new LinkedHashMap<>(); // value before source, as above (Map.of's order varies by JVM)
        v.put("value", e.text());
        v.put("source", e.source().name().toLowerCase(java.util.Locale.ROOT));
        out.put("infermark." + e.name(), v);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "Settings" + entries.keySet();
  }
}
