package dev.infermark.traces.formats;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import dev.infermark.traces.format.TraceRequest;
import dev.infermark.traces.format.TraceSession;
import tools.jackson.databind.JsonNode;

/**
 * One record of a dataset file and the strict reading of its fields: every error names the file, the line (or
 * entry) and the field.
 */
final class Rows {
  /**
   * A record.
   *
   * @param at where it is, for errors ({@code FILE data[3]}); empty for a JSON line, whose reader names the file and line
   * @param number the line (or entry) number, which names a session the file leaves unnamed ({@code row-N})
   */
  record Row(String at, int number, JsonNode node) {
    /** A record of a file that {@link JsonLines} does not read (a JSON document's entry). */
    Row(Path file, String where, int number, JsonNode node) {
      this(file + " " + where, number, node);
    }

    /** An error about this row, or one of its fields ({@code null}: the whole row). */
    IllegalArgumentException error(String field, String reason) {
      return new IllegalArgumentException((at.isEmpty() ? "" : at + ": ") + (field == null ? "" : field + ": ") + reason);
    }

    /** A record inside this one ({@code turns[2]}). */
    Row inner(String where, JsonNode inner) {
      return new Row(at.isEmpty() ? where : at + " " + where, number, inner);
    }

    /** Refuses the fields not in {@code known}, naming them and the known ones. */
    void only(Set<String> known) {
      if (!node.isObject()) {
        throw error(null, "must be a JSON object, got " + node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
      }
      Set<String> unknown = new TreeSet<>();
      node.propertyNames().forEach(n -> {
        if (!known.contains(n)) {
          unknown.add(n);
        }
      });
      if (!unknown.isEmpty()) {
        throw error(String.join(", ", unknown), "unknown field" + (unknown.size() > 1 ? "s" : "") + " (known: "
            + String.join(", ", new TreeSet<>(known)) + ")");
      }
    }

    boolean has(String field) {
      return node.has(field) && !node.get(field).isNull();
    }

    /** A non-negative integer field, or {@code fallback} when absent. */
    Integer count(String field, Integer fallback) {
      if (!has(field)) {
        return fallback;
      }
      JsonNode v = node.get(field);
      if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0) {
        throw error(field, "must be a whole number >= 0, got " + v);
      }
      return v.intValue();
    }

    /** A finite non-negative number field, or {@code NaN} when absent. */
    double time(String field) {
      if (!has(field)) {
        return Double.NaN;
      }
      JsonNode v = node.get(field);
      if (!v.isNumber() || !Double.isFinite(v.doubleValue()) || v.doubleValue() < 0) {
        throw error(field, "must be a number >= 0 (ms), got " + v);
      }
      return v.doubleValue();
    }

    String text(String field) {
      if (!has(field)) {
        return null;
      }
      JsonNode v = node.get(field);
      if (!v.isString()) {
        throw error(field, "must be a string, got " + v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
      }
      return v.asString();
    }

    /** An id field: a string, or a number written as one. */
    String id(String field) {
      if (!has(field)) {
        return null;
      }
      JsonNode v = node.get(field);
      if (!v.isString() && !v.isIntegralNumber()) {
        throw error(field, "must be a string or a whole number, got " + v);
      }
      return v.asString();
    }

    int[] ints(String field) {
      if (!has(field)) {
        return new int[0];
      }
      JsonNode v = node.get(field);
      if (!v.isArray()) {
        throw error(field, "must be an array of whole numbers, got " + v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
      }
      int[] out = new int[v.size()];
      for (int i = 0; i < out.length; i++) {
        JsonNode e = v.get(i);
        if (!e.isIntegralNumber() || !e.canConvertToInt() || e.intValue() < 0) {
          throw error(field + "[" + i + "]", "must be a whole number in [0, 2^31), got " + e);
        }
        out[i] = e.intValue();
      }
      return out;
    }

    /** An object field as plain JSON values, or {@code null}. */
    Map<String, Object> object(String field) {
      if (!has(field)) {
        return null;
      }
      JsonNode v = node.get(field);
      if (!v.isObject()) {
        throw error(field, "must be a JSON object");
      }
      return Json.plainObject(v);
    }

    /** An array field of objects (each with a {@code role}, when {@code role}), as plain JSON values, or {@code null}. */
    List<Object> objects(String field, boolean role) {
      if (!has(field)) {
        return null;
      }
      JsonNode v = node.get(field);
      if (!v.isArray() || v.isEmpty()) {
        throw error(field, "must be a non-empty array of objects");
      }
      List<Object> out = new ArrayList<>(v.size());
      for (int i = 0; i < v.size(); i++) {
        JsonNode e = v.get(i);
        if (!e.isObject() || role && !e.path("role").isString()) {
          throw error(field + "[" + i + "]", role ? "must be an object with a string role" : "must be an object");
        }
        out.add(Json.plainObject(e));
      }
      return out;
    }

    /** A user (or {@code role}) message of this text. */
    static ChatMessage message(String role, String text) {
      return new ChatMessage(role == null ? "user" : role, text);
    }
  }

  /** A record's handler. */
  @FunctionalInterface
  interface Handler {
    void accept(Row row);
  }

  private Rows() {}

  /**
   * Every non-blank line of a JSON lines file, parsed, in order ({@link JsonLines}, strict; a row's number is its
   * line's); the first bad line fails naming the file, the line and why.
   */
  static void jsonLines(Path file, Handler handler) {
    try {
      JsonLines.readNumbered(file, JsonLines.Policy.STRICT, (n, node) -> handler.accept(new Row("", n, node)));
    } catch (UncheckedIOException e) {
      // bad input, not a failed read: the message names the file and line already
      throw new IllegalArgumentException(e.getCause() != null ? e.getCause().getMessage() : e.getMessage(), e);
    }
  }

  /** Requests grouped into sessions by their {@code session_id}, in order of first appearance; a row without one alone. */
  static final class Sessions {
    private final Map<String, List<TraceRequest>> byId = new LinkedHashMap<>();

    void add(Row row, String sessionId, TraceRequest request) {
      byId.computeIfAbsent(sessionId != null ? sessionId : "row-" + row.number(),
          k -> new ArrayList<>()).add(request);
    }

    List<TraceSession> list() {
      List<TraceSession> out = new ArrayList<>(byId.size());
      byId.forEach((id, rs) -> out.add(new TraceSession(id, rs)));
      return out;
    }
  }
}
