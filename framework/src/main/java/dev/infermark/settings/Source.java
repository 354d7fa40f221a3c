package dev.infermark.settings;

/** Where a setting's value came from, lowest precedence first. */
public enum Source {
  /** The setting's built-in default. */
  DEFAULT,
  /** A scenario's {@code @Default} (or its shorthand annotations). */
  SCENARIO,
  /** A scenario's {@code @Default(preset = ...)} under {@code infermark.preset}. */
  PRESET,
  /** A value a {@code @Locked} rule injected because the user left it unset. */
  LOCK,
  /** {@code junit-platform.properties} or a launcher configuration parameter. */
  CONFIGURATION,
  /** A JVM system property {@code -Dinfermark.KEY}. */
  SYSTEM_PROPERTY,
  /** An environment variable {@code INFERMARK_KEY} (or {@code OPENAI_API_KEY}). */
  ENVIRONMENT;

  /** Whether the user chose this value (configuration, system property or environment). */
  public boolean explicit() {
    return this == CONFIGURATION || this == SYSTEM_PROPERTY || this == ENVIRONMENT;
  }
}
