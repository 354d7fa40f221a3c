package dev.infermark.json;

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
}
