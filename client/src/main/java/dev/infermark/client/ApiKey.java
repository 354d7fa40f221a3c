package dev.infermark.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.api.request.RequestError;
import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;

/**
 * The run's API key, read from its settings in this one place: {@code infermark.api-key}, or the
 * file named by {@code infermark.api-key-file} (not both), else {@code OPENAI_API_KEY}. It never
 * prints itself, and {@link #redact} replaces it with {@value #REDACTED} in any text we keep or
 * print: a server may echo the key in an error body ("Incorrect API key provided: sk-...").
 */
public final class ApiKey {
  public static final String REDACTED = "<redacted>";
  /** Shorter keys are placeholders ({@code EMPTY}, {@code x}), not secrets; replacing them would garble texts. */
  static final int MIN_REDACTED_LENGTH = 4;

  private final String value;
  private final List<String> forms;

  private ApiKey(String value) {
    this.value = value;
    String escaped = Json.write(value);
    escaped = escaped.substring(1, escaped.length() - 1);
    // as sent, and as a JSON body may quote it
    this.forms = escaped.equals(value) ? List.of(value) : List.of(value, escaped);
  }

  /**
   * The key of these settings, if any.
   *
   * @throws IllegalArgumentException naming the setting when both are set, or the file is unreadable,
   *     empty or holds more than the key (the message never shows the file's content)
   */
  public static Optional<ApiKey> from(Settings settings) {
    return from(settings, System.getenv());
  }

  static Optional<ApiKey> from(Settings settings, Map<String, String> environment) {
    String key = settings.get(Keys.API_KEY);
    String file = settings.get(Keys.API_KEY_FILE);
    boolean hasKey = key != null && !key.isBlank();
    if (file != null && !file.isBlank()) {
      if (hasKey) {
        throw new IllegalArgumentException(Keys.API_KEY_FILE + " and " + Keys.API_KEY + " are both set ("
            + settings.source(Keys.API_KEY_FILE).name().toLowerCase(java.util.Locale.ROOT) + ", "
            + settings.source(Keys.API_KEY).name().toLowerCase(java.util.Locale.ROOT) + "): keep one, preferably the file");
      }
      return Optional.of(new ApiKey(read(Path.of(file.trim()))));
    }
    if (!hasKey) {
      key = environment.get("OPENAI_API_KEY");
    }
    return key == null || key.isBlank() ? Optional.empty() : Optional.of(new ApiKey(key.trim()));
  }

  private static String read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(Keys.API_KEY_FILE + ": cannot read " + file.toAbsolutePath() + " ("
          + e.getClass().getSimpleName() + ")", e);
    }
    if (text.isEmpty()) {
      throw new IllegalArgumentException(Keys.API_KEY_FILE + ": " + file.toAbsolutePath() + " is empty; it must hold the key");
    }
    if (text.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(Keys.API_KEY_FILE + ": " + file.toAbsolutePath()
          + " holds more than one word; it must hold only the key");
    }
    return text;
  }

  /** The key itself, for the {@code Authorization} header and nothing else. */
  public String value() {
    return value;
  }

  /** {@code text} with every occurrence of the key replaced by {@value #REDACTED}; {@code null} stays null. */
  public String redact(String text) {
    if (text == null || value.length() < MIN_REDACTED_LENGTH) {
      return text;
    }
    String t = text;
    for (String f : forms) {
      t = t.replace(f, REDACTED);
    }
    return t;
  }

  /** The error with the key taken out of its texts. */
  public RequestError redact(RequestError e) {
    if (e == null) {
      return null;
    }
    String type = redact(e.type());
    String message = redact(e.message());
    String body = redact(e.body());
    return type == e.type() && message == e.message() && body == e.body() ? e
        : new RequestError(e.kind(), e.code(), type, message, body);
  }

  @Override
  public String toString() {
    return REDACTED;
  }
}
