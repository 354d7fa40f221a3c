package dev.infermark.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Numbers as the page receives them: rounded for size, absent as null, never a lossy integer. */
final class Numbers {
  /** The largest integer a JavaScript number holds exactly (2^53). */
  static final long JS_SAFE = 1L << 53;

  private Numbers() {}

  /** {@code v} to {@code digits} significant digits (plot data needs no more); NaN/infinite as null. */
  static void add(ArrayNode a, double v, int digits) {
    if (!Double.isFinite(v)) {
      a.addNull();
    } else {
      a.add(round(v, digits));
    }
  }

  static void put(ObjectNode o, String key, double v) {
    if (Double.isFinite(v)) {
      o.put(key, v);
    } else {
      o.putNull(key);
    }
  }

  static double round(double v, int digits) {
    if (v == 0 || !Double.isFinite(v)) {
      return v;
    }
    return new BigDecimal(v).round(new MathContext(digits)).doubleValue();
  }

  /**
   * A copy of a JSON tree that a browser reads without loss: integers beyond 2^53 (random seeds)
   * become strings, non-finite numbers null.
   */
  static JsonNode safe(JsonNode n) {
    if (n == null || n.isMissingNode()) {
      return null;
    }
    if (n.isObject()) {
      ObjectNode o = Json.object();
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        o.set(e.getKey(), safe(e.getValue()));
      }
      return o;
    }
    if (n.isArray()) {
      ArrayNode a = Json.MAPPER.createArrayNode();
      for (JsonNode v : n) {
        a.add(safe(v));
      }
      return a;
    }
    if (n.isIntegralNumber() && (!n.canConvertToLong() || Math.abs(n.longValue()) > JS_SAFE)) {
      return Json.MAPPER.getNodeFactory().stringNode(n.asString());
    }
    if (n.isNumber() && !Double.isFinite(n.asDouble())) {
      return Json.MAPPER.getNodeFactory().nullNode();
    }
    return n;
  }
}
