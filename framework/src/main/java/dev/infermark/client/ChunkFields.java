package dev.infermark.client;

import dev.infermark.json.Json;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.async.ByteArrayFeeder;
import tools.jackson.core.exc.StreamReadException;

/**
 * Reads the fields a record needs from one OpenAI response object (a stream chunk or a whole
 * body) with Jackson's streaming parser, straight from the bytes: no tree, no String for the
 * generated text unless it is kept, and one non-blocking parser per response fed payload by
 * payload (a parser per chunk was most of the client's allocation). {@code error}; {@code choices[0]}: {@code delta} (else
 * {@code message}) {@code content}, {@code reasoning_content} (else {@code reasoning}) and
 * {@code tool_calls}, else {@code text}, and {@code finish_reason}; {@code usage} with its details.
 * The fields of the last {@link #parse} stay until the next; one instance per response.
 */
final class ChunkFields {
  private static final TokenStreamFactory FACTORY = Json.MAPPER.tokenStreamFactory();

  /** A string field: absent (or not a string), empty, or with text. */
  static final int ABSENT = -1;
  static final int EMPTY = 0;
  static final int TEXT = 1;

  private static final byte[] SPACE = {' '};

  private final boolean keepText;
  private JsonParser parser;
  private ByteArrayFeeder feeder;

  boolean error;
  int errorCode;
  boolean choice;
  final Message delta = new Message();
  final Message message = new Message();
  int text;
  String textValue;
  String finishReason;
  boolean usage;
  Number promptTokens;
  Number completionTokens;
  Number reasoningTokens;
  Number detailReasoningTokens;
  Number cachedTokens;

  ChunkFields(boolean keepText) {
    this.keepText = keepText;
  }

  /** A {@code delta} or {@code message} object. */
  final class Message {
    boolean present;
    int content;
    String contentValue;
    int reasoningContent;
    String reasoningContentValue;
    int reasoning;
    String reasoningValue;
    boolean toolCalls;
    String toolCallsJson;

    void reset() {
      present = false;
      content = reasoningContent = reasoning = ABSENT;
      contentValue = reasoningContentValue = reasoningValue = toolCallsJson = null;
      toolCalls = false;
    }
  }

  /**
   * Parses {@code b[off..off+len)}.
   *
   * @throws tools.jackson.core.JacksonException when it is not one valid JSON value
   */
  void parse(byte[] b, int off, int len) {
    reset();
    if (parser == null) {
      // the mapper's parser only where a tool-call array is kept as a tree; else the bare factory's
      parser = keepText ? Json.MAPPER.createNonBlockingByteArrayParser()
          : FACTORY.createNonBlockingByteArrayParser(ObjectReadContext.empty());
      feeder = (ByteArrayFeeder) parser.nonBlockingInputFeeder();
    }
    JsonParser p = parser;
    try {
      feeder.feedInput(b, off, off + len);
      JsonToken t = p.nextToken();
      if (t == JsonToken.NOT_AVAILABLE) {
        // a scalar at the root ends only at a delimiter
        feeder.feedInput(SPACE, 0, 1);
        t = p.nextToken();
      }
      if (t == JsonToken.START_OBJECT) {
        root(p);
      } else if (t == JsonToken.START_ARRAY) {
        skip(p);
      } else if (t == JsonToken.NOT_AVAILABLE || t == null) {
        throw truncated(p);
      }
      if (p.nextToken() != JsonToken.NOT_AVAILABLE) {
        throw new StreamReadException(p, "trailing content after the JSON value");
      }
    } catch (RuntimeException e) {
      // the parser's state is undefined after an error: the next payload gets a fresh one
      p.close();
      parser = null;
      throw e;
    }
  }

  /** Releases the parser's buffers. */
  void close() {
    if (parser != null) {
      parser.close();
      parser = null;
    }
  }

  /**
   * The next token of the payload. The parser is fed one whole payload at a time, so running out
   * of input inside a value means the payload is truncated.
   */
  private static JsonToken token(JsonParser p) {
    JsonToken t = p.nextToken();
    if (t == JsonToken.NOT_AVAILABLE || t == null) {
      throw truncated(p);
    }
    return t;
  }

  /** The next property name of the object being read, or null at its end. */
  private static String name(JsonParser p) {
    JsonToken t = token(p);
    return t == JsonToken.END_OBJECT ? null : p.currentName();
  }

  /** Skips the value whose first token is current. */
  private static void skip(JsonParser p) {
    JsonToken t = p.currentToken();
    if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
      return;
    }
    for (int depth = 1; depth > 0; ) {
      JsonToken n = token(p);
      if (n == JsonToken.START_OBJECT || n == JsonToken.START_ARRAY) {
        depth++;
      } else if (n == JsonToken.END_OBJECT || n == JsonToken.END_ARRAY) {
        depth--;
      }
    }
  }

  private static StreamReadException truncated(JsonParser p) {
    return new StreamReadException(p, "the JSON value is incomplete");
  }

  private void reset() {
    error = false;
    errorCode = 0;
    choice = false;
    delta.reset();
    message.reset();
    text = ABSENT;
    textValue = null;
    finishReason = null;
    usage = false;
    promptTokens = completionTokens = reasoningTokens = detailReasoningTokens = cachedTokens = null;
  }

  private void root(JsonParser p) {
    for (String name; (name = name(p)) != null; ) {
      JsonToken t = token(p);
      switch (name) {
        case "error" -> error(p, t);
        case "choices" -> choices(p, t);
        case "usage" -> usage(p, t);
        default -> skip(p);
      }
    }
  }

  /** Present unless null or {@code {}}; {@code code} when it is an integral number. */
  private void error(JsonParser p, JsonToken t) {
    if (t == JsonToken.START_OBJECT) {
      boolean any = false;
      int code = 0;
      for (String name; (name = name(p)) != null; ) {
        any = true;
        JsonToken v = token(p);
        if (name.equals("code")) {
          code = v == JsonToken.VALUE_NUMBER_INT ? p.getNumberValue().intValue() : 0;
        }
        skip(p);
      }
      error = any;
      errorCode = code;
    } else {
      error = t != JsonToken.VALUE_NULL;
      errorCode = 0;
      skip(p);
    }
  }

  private void choices(JsonParser p, JsonToken t) {
    if (t != JsonToken.START_ARRAY) {
      skip(p);
      return;
    }
    choice = false;
    delta.reset();
    message.reset();
    text = ABSENT;
    textValue = null;
    finishReason = null;
    boolean first = true;
    for (JsonToken e; (e = token(p)) != JsonToken.END_ARRAY; ) {
      if (first && e == JsonToken.START_OBJECT) {
        choice = true;
        delta.reset();
        message.reset();
        text = ABSENT;
        textValue = null;
        finishReason = null;
        choice0(p);
      } else {
        skip(p);
      }
      first = false;
    }
  }

  private void choice0(JsonParser p) {
    for (String name; (name = name(p)) != null; ) {
      JsonToken t = token(p);
      switch (name) {
        case "delta" -> message(p, t, delta);
        case "message" -> message(p, t, message);
        case "text" -> {
          text = string(p, t);
          textValue = keepText && text == TEXT ? p.getString() : null;
        }
        case "finish_reason" -> finishReason = t == JsonToken.VALUE_STRING ? p.getString() : null;
        default -> skip(p);
      }
    }
  }

  private void message(JsonParser p, JsonToken t, Message m) {
    m.reset();
    m.present = true; // even when null: then it carries nothing, and text is not looked at (as before)
    if (t != JsonToken.START_OBJECT) {
      skip(p);
      return;
    }
    for (String name; (name = name(p)) != null; ) {
      JsonToken v = token(p);
      switch (name) {
        case "content" -> {
          m.content = string(p, v);
          m.contentValue = keepText && m.content == TEXT ? p.getString() : null;
        }
        case "reasoning_content" -> {
          m.reasoningContent = string(p, v);
          m.reasoningContentValue = keepText && m.reasoningContent == TEXT ? p.getString() : null;
        }
        case "reasoning" -> {
          m.reasoning = string(p, v);
          m.reasoningValue = keepText && m.reasoning == TEXT ? p.getString() : null;
        }
        case "tool_calls" -> toolCalls(p, v, m);
        default -> skip(p);
      }
    }
  }

  /** A non-empty array counts as output; kept as compact JSON with the text. */
  private void toolCalls(JsonParser p, JsonToken t, Message m) {
    m.toolCalls = false;
    m.toolCallsJson = null;
    if (t != JsonToken.START_ARRAY) {
      skip(p);
      return;
    }
    if (keepText) {
      tools.jackson.databind.JsonNode n = p.readValueAsTree();
      m.toolCalls = !n.isEmpty();
      m.toolCallsJson = m.toolCalls ? n.toString() : null;
    } else {
      m.toolCalls = token(p) != JsonToken.END_ARRAY;
      if (m.toolCalls) {
        skip(p); // the first element
        while (token(p) != JsonToken.END_ARRAY) {
          skip(p);
        }
      }
    }
  }

  private void usage(JsonParser p, JsonToken t) {
    if (t != JsonToken.START_OBJECT) {
      skip(p);
      return;
    }
    usage = true;
    for (String name; (name = name(p)) != null; ) {
      JsonToken v = token(p);
      switch (name) {
        case "prompt_tokens" -> promptTokens = number(p, v);
        case "completion_tokens" -> completionTokens = number(p, v);
        case "reasoning_tokens" -> reasoningTokens = number(p, v);
        case "completion_tokens_details" -> detailReasoningTokens = nested(p, v, "reasoning_tokens");
        case "prompt_tokens_details" -> cachedTokens = nested(p, v, "cached_tokens");
        default -> skip(p);
      }
    }
  }

  private static Number nested(JsonParser p, JsonToken t, String field) {
    if (t != JsonToken.START_OBJECT) {
      skip(p);
      return null;
    }
    Number found = null;
    for (String name; (name = name(p)) != null; ) {
      JsonToken v = token(p);
      if (name.equals(field)) {
        found = number(p, v);
      } else {
        skip(p);
      }
    }
    return found;
  }

  private static Number number(JsonParser p, JsonToken t) {
    if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
      return p.getNumberValue();
    }
    skip(p);
    return null;
  }

  /** The state of a string field, without building the String. */
  private static int string(JsonParser p, JsonToken t) {
    if (t != JsonToken.VALUE_STRING) {
      skip(p);
      return ABSENT;
    }
    return p.getStringLength() > 0 ? TEXT : EMPTY;
  }
}
