package dev.infermark.cli;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.time.Duration;
import java.util.List;

import dev.infermark.settings.SettingKey;
import tools.jackson.databind.node.ObjectNode;

/** What a setting's value is on the command line: its placeholder in help, and how several values combine. */
enum ValueKind {
  TEXT("<text>"), SECRET("<secret>"), WHOLE_NUMBER("<int>"), NUMBER("<number>"), BOOLEAN("<bool>"),
  DURATION("<duration>"), URL("<url>"), LIST("<list>"), JSON_OBJECT("<json|k:v>");

  private final String label;

  ValueKind(String label) {
    this.label = label;
  }

  static ValueKind of(SettingKey<?> key) {
    if (key.secret()) {
      return SECRET;
    }
    Type t = key.type();
    if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
      return LIST;
    }
    if (t == Boolean.class) {
      return BOOLEAN;
    }
    if (t == Integer.class || t == Long.class) {
      return WHOLE_NUMBER;
    }
    if (t == Double.class) {
      return NUMBER;
    }
    if (t == Duration.class) {
      return DURATION;
    }
    if (t == URI.class) {
      return URL;
    }
    if (t == ObjectNode.class) {
      return JSON_OBJECT;
    }
    return TEXT;
  }

  /** The value's placeholder in help texts, e.g. {@code <duration>}. */
  String label() {
    return label;
  }

  /** Whether several values join into one text (repeated flags, several values after one flag). */
  boolean multiValued() {
    return this == LIST || this == JSON_OBJECT;
  }
}
