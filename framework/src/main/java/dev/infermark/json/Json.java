package dev.infermark.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one JSON mapper of infermark (Jackson 3: immutable and thread-safe, unchecked exceptions).
 * Use {@link #MAPPER} everywhere rather than building another.
 */
public final class Json {
  /** Compact output, unknown properties rejected (strict inputs are the default here). */
  public static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .build();

  /** Pretty-printing variant, for artifacts people read. */
  public static final JsonMapper PRETTY = MAPPER.rebuild().enable(SerializationFeature.INDENT_OUTPUT).build();

  private Json() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  public static JsonNode parse(String text) throws JacksonException {
    return MAPPER.readTree(text);
  }

  public static String write(Object value) throws JacksonException {
    return MAPPER.writeValueAsString(value);
  }

  /**
   * A JSON tree as plain Java values, the form the API's requests carry (no JSON library there):
   * {@code null}, String, Boolean, Integer/Long/BigInteger, Double/BigDecimal, List, Map (in order).
   */
  public static Object plain(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    if (node.isObject()) {
      return plainObject(node);
    }
    if (node.isArray()) {
      List<Object> out = new ArrayList<>(node.size());
      node.forEach(n -> out.add(plain(n)));
      return out;
    }
    if (node.isString()) {
      return node.asString();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isNumber()) {
      return node.numberValue();
    }
    throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
  }

  /** A JSON object as an ordered map of plain Java values ({@link #plain}). */
  public static Map<String, Object> plainObject(JsonNode node) {
    if (!node.isObject()) {
      throw new IllegalArgumentException("expected a JSON object, got " + node.getNodeType());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    node.properties().forEach(e -> out.put(e.getKey(), plain(e.getValue())));
    return out;
  }

  /** A JSON array of objects as a list of ordered maps ({@link #plain}). */
  public static List<Map<String, Object>> plainObjects(JsonNode array) {
    if (!array.isArray()) {
      throw new IllegalArgumentException("expected a JSON array, got " + array.getNodeType());
    }
    List<Map<String, Object>> out = new ArrayList<>(array.size());
    array.forEach(n -> out.add(plainObject(n)));
    return out;
  }
}
