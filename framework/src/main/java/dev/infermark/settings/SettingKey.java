package dev.infermark.settings;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One typed setting: its name (AIPerf's CLI flag name without dashes), how its text parses, its
 * default and its documentation, in one place.
 *
 * <p>A setting {@code NAME} is read from {@code infermark.NAME} (system property, JUnit
 * configuration parameter) and from the environment variable {@code INFERMARK_NAME} (upper case,
 * dashes as underscores).
 *
 * @param <T> the parsed type
 */
public final class SettingKey<T> {
  private final String name;
  private final Function<String, T> parser;
  private final String defaultText;
  private final String doc;
  private final boolean secret;
  private final Type type;

  private SettingKey(Type type, String name, Function<String, T> parser, String defaultText, String doc, boolean secret) {
    this.type = type;
    this.name = Objects.requireNonNull(name);
    this.parser = parser;
    this.defaultText = defaultText;
    this.doc = doc;
    this.secret = secret;
  }

  public static SettingKey<String> string(String name, String defaultText, String doc) {
    return new SettingKey<>(String.class, name, s -> s, defaultText, doc, false);
  }

  /**
   * A string that must be one of {@code choices} (compared ignoring case; the value is the choice
   * as listed). An unknown one fails naming the choices, with a did-you-mean.
   */
  public static SettingKey<String> choice(String name, String defaultText, String doc, String... choices) {
    List<String> known = List.of(choices);
    return new SettingKey<>(String.class, name, s -> {
      String t = s.trim();
      return known.stream().filter(c -> c.equalsIgnoreCase(t)).findFirst().orElseThrow(() -> new IllegalArgumentException(
          "expected one of " + String.join(", ", known) + SettingsRegistry.closest(t.toLowerCase(Locale.ROOT), known, 2)
              .map(c -> "; did you mean " + c + "?").orElse("")));
    }, defaultText, doc, false);
  }

  /** A secret (an API key): redacted in every artifact and log. */
  public static SettingKey<String> secret(String name, String doc) {
    return new SettingKey<>(String.class, name, s -> s, null, doc, true);
  }

  public static SettingKey<Integer> integer(String name, Integer defaultValue, String doc) {
    return new SettingKey<>(Integer.class, name, SettingKey::parseInt, defaultValue == null ? null : defaultValue.toString(), doc, false);
  }

  public static SettingKey<Long> longValue(String name, Long defaultValue, String doc) {
    return new SettingKey<>(Long.class, name, s -> Long.parseLong(s.trim()), defaultValue == null ? null : defaultValue.toString(), doc, false);
  }

  public static SettingKey<Double> decimal(String name, Double defaultValue, String doc) {
    return new SettingKey<>(Double.class, name, s -> Double.parseDouble(s.trim()), defaultValue == null ? null : defaultValue.toString(), doc, false);
  }

  public static SettingKey<Boolean> bool(String name, Boolean defaultValue, String doc) {
    return new SettingKey<>(Boolean.class, name, SettingKey::parseBoolean, defaultValue == null ? null : defaultValue.toString(), doc, false);
  }

  /** A duration: {@code 90}, {@code 90s}, {@code 1500ms}, {@code 2m}, {@code 1h} (plain numbers are seconds). */
  public static SettingKey<Duration> duration(String name, String defaultText, String doc) {
    return new SettingKey<>(Duration.class, name, SettingKey::parseDuration, defaultText, doc, false);
  }

  /**
   * A server URL ({@code host:port} or {@code http(s)://host[:port][/path]}), normalised to a base
   * URI without a trailing {@code /} or {@code /v1}; blank means unset.
   */
  public static SettingKey<URI> url(String name, String doc) {
    return new SettingKey<>(URI.class, name, SettingKey::parseUrl, null, doc, false);
  }

  /**
   * One or more server URLs, each as {@link #url}, separated by commas (AIPerf's repeated
   * {@code --url}); blank means unset ({@code null}); a URL listed twice is refused.
   */
  public static SettingKey<List<URI>> urls(String name, String doc) {
    return new SettingKey<>(ListOf.URIS, name, SettingKey::parseUrls, null, doc, false);
  }

  /** A comma-separated list of strings. */
  public static SettingKey<List<String>> list(String name, String defaultText, String doc) {
    return new SettingKey<>(ListOf.STRINGS, name, SettingKey::parseList, defaultText, doc, false);
  }

  /** A comma-separated list of integers (a sweep when it has several). */
  public static SettingKey<List<Integer>> intList(String name, String defaultText, String doc) {
    return new SettingKey<>(ListOf.INTEGERS, name, s -> parseList(s).stream().map(SettingKey::parseInt).toList(), defaultText, doc, false);
  }

  /** A comma-separated list of decimal numbers (a sweep when it has several). */
  public static SettingKey<List<Double>> decimalList(String name, String defaultText, String doc) {
    return new SettingKey<>(ListOf.DOUBLES, name, s -> parseList(s).stream().map(SettingKey::parseDecimal).toList(),
        defaultText, doc, false);
  }


  /** A JSON object, or {@code key:value} pairs separated by commas ({@code ignore_eos:true,top_k:20}). */
  public static SettingKey<ObjectNode> jsonObject(String name, String doc) {
    return new SettingKey<>(ObjectNode.class, name, SettingKey::parseObject, null, doc, false);
  }

  public String name() {
    return name;
  }

  /** {@code infermark.NAME}. */
  public String property() {
    return "infermark." + name;
  }

  /** {@code INFERMARK_NAME}. */
  public String environmentVariable() {
    return "INFERMARK_" + name.toUpperCase(Locale.ROOT).replace('-', '_').replace('.', '_');
  }

  /** The default in text form, or {@code null} when the setting has none. */
  public String defaultText() {
    return defaultText;
  }

  public String doc() {
    return doc;
  }

  /** The Java type of a parsed value ({@code Integer}, {@code Duration}, {@code List<String>}, ...). */
  public Type type() {
    return type;
  }

  public boolean secret() {
    return secret;
  }

  /**
   * Parses a text value.
   *
   * @throws IllegalArgumentException naming the setting and the bad value
   */
  public T parse(String text) {
    try {
      return parser.apply(text);
    } catch (RuntimeException e) {
      String shown = secret ? "<redacted>" : "'" + text + "'";
      throw new IllegalArgumentException(property() + ": cannot use " + shown + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return property();
  }

  /** {@code List<String>}, {@code List<Integer>} and {@code List<URI>} as reflection types, for comparing with method return types. */
  private record ListOf(Class<?> element) implements ParameterizedType {
    static final ListOf STRINGS = new ListOf(String.class);
    static final ListOf INTEGERS = new ListOf(Integer.class);
    static final ListOf DOUBLES = new ListOf(Double.class);
    static final ListOf URIS = new ListOf(URI.class);

    @Override
    public Type[] getActualTypeArguments() {
      return new Type[] {element};
    }

    @Override
    public Type getRawType() {
      return List.class;
    }

    @Override
    public Type getOwnerType() {
      return null;
    }

    @Override
    public String getTypeName() {
      return List.class.getName() + "<" + element.getName() + ">";
    }
  }

  static double parseDecimal(String s) {
    try {
      return Double.parseDouble(s.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a number");
    }
  }

  static int parseInt(String s) {
    String t = s.trim().replace("_", "");
    try {
      return Integer.parseInt(t);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a whole number");
    }
  }

  /**
   * The one reading of a yes/no text in infermark (settings, {@code @Locked} values, {@code @Param}
   * fields, {@code HF_HUB_OFFLINE}): {@code true}, {@code 1}, {@code yes}, {@code on} and {@code false},
   * {@code 0}, {@code no}, {@code off}, in any case; anything else is not a boolean (empty).
   */
  public static Optional<Boolean> truth(String s) {
    return switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "true", "1", "yes", "on" -> Optional.of(true);
      case "false", "0", "no", "off" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  /**
   * {@link #truth} for a value that must be a boolean.
   *
   * @throws IllegalArgumentException when it is not one
   */
  public static boolean parseBoolean(String s) {
    return truth(s).orElseThrow(() -> new IllegalArgumentException("expected true or false"));
  }

  /**
   * Reads a server URL: {@code host:port} gets {@code http://}; a trailing {@code /} or {@code /v1}
   * is dropped (the endpoint path adds it); blank is unset ({@code null}).
   *
   * @throws IllegalArgumentException when it is not an http(s) URL with a host
   */
  static URI parseUrl(String url) {
    if (url.isBlank()) {
      return null;
    }
    String u = url.trim();
    if (!u.contains("://")) {
      u = "http://" + u;
    }
    while (u.endsWith("/")) {
      u = u.substring(0, u.length() - 1);
    }
    if (u.endsWith("/v1")) {
      u = u.substring(0, u.length() - 3);
    }
    URI uri;
    try {
      uri = new URI(u);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URL: " + e.getMessage(), e);
    }
    if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
      throw new IllegalArgumentException("not an http(s) URL with a host");
    }
    return uri;
  }

  static List<URI> parseUrls(String text) {
    List<URI> out = new ArrayList<>();
    String[] parts = text.split(",");
    for (String part : parts) {
      if (part.isBlank()) {
        continue;
      }
      URI u;
      try {
        u = parseUrl(part);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(parts.length == 1 ? e.getMessage() : "'" + part.trim() + "': " + e.getMessage(), e);
      }
      if (out.contains(u)) {
        throw new IllegalArgumentException(u + " is listed twice");
      }
      out.add(u);
    }
    return out.isEmpty() ? null : List.copyOf(out);
  }

  /** Parses {@code 90}, {@code 90s}, {@code 1500ms}, {@code 2m}, {@code 1h}, {@code 1.5s}. */
  public static Duration parseDuration(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("ms")) {
        return Duration.ofNanos(Math.round(Double.parseDouble(t.substring(0, t.length() - 2)) * 1e6));
      }
      double scale = 1;
      if (t.endsWith("s")) {
        t = t.substring(0, t.length() - 1);
      } else if (t.endsWith("m")) {
        t = t.substring(0, t.length() - 1);
        scale = 60;
      } else if (t.endsWith("h")) {
        t = t.substring(0, t.length() - 1);
        scale = 3600;
      }
      double seconds = Double.parseDouble(t) * scale;
      if (seconds < 0) {
        throw new IllegalArgumentException("a duration cannot be negative");
      }
      return Duration.ofNanos(Math.round(seconds * 1e9));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a duration such as 90s, 2m or 1h");
    }
  }

  static List<String> parseList(String s) {
    List<String> out = new ArrayList<>();
    for (String part : s.split(",")) {
      if (!part.isBlank()) {
        out.add(part.trim());
      }
    }
    return List.copyOf(out);
  }

  static ObjectNode parseObject(String s) {
    String t = s.trim();
    if (t.startsWith("{")) {
      JsonNode n = Json.parse(t);
      if (!n.isObject()) {
        throw new IllegalArgumentException("expected a JSON object");
      }
      return (ObjectNode) n;
    }
    ObjectNode o = Json.object();
    for (String pair : parseList(t)) {
      int c = pair.indexOf(':');
      if (c <= 0) {
        throw new IllegalArgumentException("expected a JSON object or key:value pairs, got '" + pair + "'");
      }
      String k = pair.substring(0, c).trim();
      String v = pair.substring(c + 1).trim();
      try {
        o.set(k, Json.parse(v));
      } catch (RuntimeException notJson) {
        o.put(k, v);
      }
    }
    return o;
  }
}
