package dev.infermark.simulator;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The fields of an OpenAI-style request body the simulator acts on; everything else is skipped.
 * Parsed as a stream so multi-megabyte prompts are never held twice.
 *
 * @param chat whether it came to /v1/chat/completions
 * @param model the requested model, or {@code null}
 * @param messages chat messages (role, text), empty for completions
 * @param prompt the completions prompt, or {@code null}
 * @param maxTokens {@code max_completion_tokens}, else {@code max_tokens}, else {@code null}
 * @param stream whether to stream server-sent events
 * @param includeUsage {@code stream_options.include_usage}
 * @param ignoreEos whether to produce exactly {@code maxTokens} tokens
 * @param minTokens {@code min_tokens} (vLLM's: no end of sequence before that many tokens), or {@code null}
 * @param seed the request's {@code seed}, or {@code null}
 */
record ApiRequest(boolean chat, String model, List<Message> messages, String prompt, Integer maxTokens, boolean stream,
    boolean includeUsage, boolean ignoreEos, Integer minTokens, Long seed) {

  /** One chat message: its role and its text (content parts joined). */
  record Message(String role, String content) {}

  /** A request the simulator refuses, with the HTTP status and OpenAI-style error to send. */
  static final class BadRequest extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;

    BadRequest(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  /**
   * Parses a body.
   *
   * @throws BadRequest 400 for malformed JSON or wrong field types, naming the field
   */
  static ApiRequest parse(InputStream body, boolean chat) throws BadRequest {
    String model = null;
    List<Message> messages = new ArrayList<>();
    String prompt = null;
    Integer maxTokens = null;
    Integer maxCompletionTokens = null;
    boolean stream = false;
    boolean includeUsage = false;
    boolean ignoreEos = false;
    Integer minTokens = null;
    Long seed = null;
    try (JsonParser p = Json.MAPPER.createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new BadRequest(400, "request body must be a JSON object");
      }
      String field;
      while ((field = p.nextName()) != null) {
        JsonToken t = p.nextToken();
        switch (field) {
          case "model" -> model = text(p, t, field);
          case "messages" -> readMessages(p, t, messages);
          case "prompt" -> prompt = readPrompt(p, t);
          case "max_tokens" -> maxTokens = integer(p, t, field);
          case "max_completion_tokens" -> maxCompletionTokens = integer(p, t, field);
          case "stream" -> stream = bool(p, t, field);
          case "ignore_eos" -> ignoreEos = bool(p, t, field);
          case "min_tokens" -> minTokens = integer(p, t, field);
          case "seed" -> seed = t == JsonToken.VALUE_NULL ? null : (long) integer(p, t, field);
          case "stream_options" -> includeUsage = readStreamOptions(p, t);
          default -> p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        throw new BadRequest(400, "unexpected content after the JSON object");
      }
    } catch (JacksonException e) {
      throw new BadRequest(400, "malformed JSON body: " + e.getOriginalMessage());
    }
    if (chat && messages.isEmpty()) {
      throw new BadRequest(400, "'messages' is required and must not be empty");
    }
    if (!chat && prompt == null) {
      throw new BadRequest(400, "'prompt' is required");
    }
    Integer max = maxCompletionTokens != null ? maxCompletionTokens : maxTokens;
    if (max != null && max < 1) {
      throw new BadRequest(400, "max_tokens must be at least 1, got " + max);
    }
    if (minTokens != null && (minTokens < 0 || max != null && minTokens > max)) {
      throw new BadRequest(400, "min_tokens must be at least 0 and at most max_tokens, got " + minTokens);
    }
    return new ApiRequest(chat, model, List.copyOf(messages), prompt, max, stream, stream && includeUsage, ignoreEos,
        minTokens, seed);
  }

  private static String text(JsonParser p, JsonToken t, String field) throws BadRequest {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    if (t != JsonToken.VALUE_STRING) {
      throw new BadRequest(400, "'" + field + "' must be a string");
    }
    return p.getString();
  }

  private static Integer integer(JsonParser p, JsonToken t, String field) throws BadRequest {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    if (t != JsonToken.VALUE_NUMBER_INT) {
      throw new BadRequest(400, "'" + field + "' must be an integer");
    }
    long v = p.getLongValue();
    if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
      throw new BadRequest(400, "'" + field + "' is out of range: " + v);
    }
    return (int) v;
  }

  private static boolean bool(JsonParser p, JsonToken t, String field) throws BadRequest {
    if (t == JsonToken.VALUE_NULL) {
      return false;
    }
    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
      throw new BadRequest(400, "'" + field + "' must be a boolean");
    }
    return t == JsonToken.VALUE_TRUE;
  }

  private static boolean readStreamOptions(JsonParser p, JsonToken t) throws BadRequest {
    if (t == JsonToken.VALUE_NULL) {
      return false;
    }
    if (t != JsonToken.START_OBJECT) {
      throw new BadRequest(400, "'stream_options' must be an object");
    }
    boolean include = false;
    String f;
    while ((f = p.nextName()) != null) {
      JsonToken v = p.nextToken();
      if (f.equals("include_usage")) {
        include = bool(p, v, "stream_options.include_usage");
      } else {
        p.skipChildren();
      }
    }
    return include;
  }

  private static void readMessages(JsonParser p, JsonToken t, List<Message> out) throws BadRequest {
    if (t != JsonToken.START_ARRAY) {
      throw new BadRequest(400, "'messages' must be an array");
    }
    int index = 0;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw new BadRequest(400, "messages[" + index + "] must be an object");
      }
      String role = null;
      String content = null;
      String f;
      while ((f = p.nextName()) != null) {
        JsonToken v = p.nextToken();
        switch (f) {
          case "role" -> role = text(p, v, "messages[" + index + "].role");
          case "content" -> content = readContent(p, v, content, index);
          default -> p.skipChildren();
        }
      }
      if (role == null) {
        throw new BadRequest(400, "messages[" + index + "].role is required");
      }
      out.add(new Message(role, content == null ? "" : content));
      index++;
    }
  }

  /**
   * The content so far ({@code null} for none) with this value's text added; a plain string is kept
   * as parsed, not copied (a prompt's message can be megabytes).
   */
  private static String readContent(JsonParser p, JsonToken t, String sofar, int index) throws BadRequest {
    if (t == JsonToken.VALUE_NULL) {
      return sofar;
    }
    if (t == JsonToken.VALUE_STRING) {
      return sofar == null ? p.getString() : sofar + p.getString();
    }
    if (t != JsonToken.START_ARRAY) {
      throw new BadRequest(400, "messages[" + index + "].content must be a string or an array of parts");
    }
    StringBuilder out = new StringBuilder(sofar == null ? "" : sofar);
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw new BadRequest(400, "messages[" + index + "].content parts must be objects");
      }
      String f;
      while ((f = p.nextName()) != null) {
        JsonToken v = p.nextToken();
        if (f.equals("text") && v == JsonToken.VALUE_STRING) {
          if (!out.isEmpty()) {
            out.append(' ');
          }
          out.append(p.getString());
        } else {
          p.skipChildren();
        }
      }
    }
    return out.toString();
  }

  private static String readPrompt(JsonParser p, JsonToken t) throws BadRequest {
    if (t == JsonToken.VALUE_STRING) {
      return p.getString();
    }
    if (t != JsonToken.START_ARRAY) {
      throw new BadRequest(400, "'prompt' must be a string or an array of strings");
    }
    StringBuilder b = new StringBuilder();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        throw new BadRequest(400, "'prompt' arrays must hold strings (token-id prompts are not supported)");
      }
      if (!b.isEmpty()) {
        b.append(' ');
      }
      b.append(p.getString());
    }
    return b.toString();
  }
}
