package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.infermark.api.status.API;

/**
 * JSON values as plain Java, so that request bodies need no JSON library here: {@code null},
 * {@link String}, {@link Boolean}, a {@link Number}, a {@link List} of values and a {@link Map}
 * from names to values (in order). {@link #object} and {@link #array} check a value and copy it
 * into unmodifiable collections once: a request is shared between threads and must not change
 * under the writer, and a frozen value is shared, never copied again (tool definitions sent with
 * every request of a trajectory).
 */
@API(status = STABLE, since = "0.1")
public final class JsonValues {
  private JsonValues() {}

  /** An unmodifiable deep copy of a JSON object (ordered), shared as is from then on. */
  public static Map<String, Object> object(Map<?, ?> value) {
    return freezeObject(value, "JSON object");
  }

  /** An unmodifiable deep copy of a JSON array, shared as is from then on. */
  @SuppressWarnings("unchecked")
  public static List<Object> array(List<?> value) {
    return (List<Object>) freeze(value, "JSON array");
  }

  /** An unmodifiable deep copy of a JSON value; {@code where} names it in an error. */
  static Object freeze(Object v, String where) {
    if (v == null || v instanceof String || v instanceof Boolean || v instanceof Integer || v instanceof Long
        || v instanceof Double || v instanceof Float || v instanceof Short || v instanceof Byte
        || v instanceof BigInteger || v instanceof BigDecimal) {
      return v;
    }
    if (v instanceof Map<?, ?> m) {
      return freezeObject(m, where);
    }
    if (v instanceof FrozenArray) {
      return v;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (int i = 0; i < l.size(); i++) {
        out.add(freeze(l.get(i), where + "[" + i + "]"));
      }
      return new FrozenArray(out);
    }
    throw new IllegalArgumentException(where + ": " + v.getClass().getName() + " is not a JSON value (use null, String, "
        + "Boolean, a Number, a List or a Map)");
  }

  /** An unmodifiable, ordered deep copy of a JSON object. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> freezeObject(Map<?, ?> m, String where) {
    if (m instanceof FrozenObject) {
      return (Map<String, Object>) m; // copied once, shared since (a request copied with another phase)
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(e.getKey() instanceof String k)) {
        throw new IllegalArgumentException(where + ": a JSON object's names are strings, got " + e.getKey());
      }
      out.put(k, freeze(e.getValue(), where + "." + k));
    }
    return new FrozenObject(Collections.unmodifiableMap(out));
  }

  /** A frozen JSON object: known to need no further copy. */
  private static final class FrozenObject extends AbstractMap<String, Object> {
    private final Map<String, Object> values;

    FrozenObject(Map<String, Object> values) {
      this.values = values;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      return values.entrySet();
    }

    @Override
    public Object get(Object key) {
      return values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return values.containsKey(key);
    }
  }

  /** A frozen JSON array. */
  private static final class FrozenArray extends AbstractList<Object> {
    private final List<Object> values;

    FrozenArray(List<Object> values) {
      this.values = values;
    }

    @Override
    public Object get(int index) {
      return values.get(index);
    }

    @Override
    public int size() {
      return values.size();
    }
  }
}
