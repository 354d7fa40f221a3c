package dev.infermark.json;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import tools.jackson.core.JsonGenerator;

/**
 * A text that knows its form inside a JSON string, so that writing it again is a copy, not an
 * escape. Prompt views whose pieces recur across requests (a conversation's earlier messages, which
 * every later turn sends again) keep their escaped bytes; a request body then costs a copy per
 * message however long the prompt. The request body writer uses {@link #jsonEscaped} where a message's
 * content is one of these.
 */
public interface JsonText extends CharSequence {
  /**
   * This text inside a JSON string, without the quotes: UTF-8, escaped exactly as the mapper's
   * generator ({@link Json#MAPPER}) escapes a string, so a body is the same bytes either way. Shared:
   * callers must not change it.
   */
  byte[] jsonEscaped();

  /** {@code text} inside a JSON string, as {@link #jsonEscaped} must be: written by the mapper's generator. */
  static byte[] escape(CharSequence text) {
    String s = text.toString();
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 16);
    try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
      g.writeString(s);
    }
    byte[] quoted = out.toByteArray();
    return Arrays.copyOfRange(quoted, 1, quoted.length - 1);
  }

  /** The escaped form of {@code a + b}, from theirs (JSON escaping is character by character). */
  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** {@code text}'s escaped form: its own when it keeps one, else escaped now. */
  static byte[] escaped(CharSequence text) {
    return text instanceof JsonText j ? j.jsonEscaped() : escape(text);
  }
}
