package dev.infermark.client;

import java.util.List;
import java.util.Locale;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Classifies a failed response into an {@link ErrorKind}. A body is a context overflow when it
 * contains (case-insensitive) one of the configured substrings
 * ({@code infermark.context-overflow-substrings}: AIPerf's four plus the wordings of vLLM, SGLang
 * and llama.cpp), either in the raw text or in the JSON {@code error.message}.
 */
public final class ErrorClassifier {
  private final List<String> substrings;

  public ErrorClassifier(List<String> overflowSubstrings) {
    this.substrings = overflowSubstrings.stream().map(s -> s.toLowerCase(Locale.ROOT)).filter(s -> !s.isBlank()).toList();
  }

  /** Whether an error body (raw text or JSON) reports a context overflow. */
  public boolean isContextOverflow(String body) {
    if (body == null || body.isEmpty()) {
      return false;
    }
    if (matches(body)) {
      return true;
    }
    // The raw text may hide the wording behind JSON escapes; try the parsed message too.
    String message = errorMessage(body);
    return message != null && matches(message);
  }

  /** The kind of an HTTP error status with its body. */
  public ErrorKind forHttpStatus(int status, String body) {
    if (status == 429) {
      return ErrorKind.RATE_LIMITED;
    }
    if (isContextOverflow(body)) {
      return ErrorKind.CONTEXT_OVERFLOW;
    }
    // 3xx too: redirects are not followed, so the request did not reach an inference endpoint
    return status >= 500 ? ErrorKind.SERVER_ERROR : ErrorKind.CLIENT_ERROR;
  }

  private boolean matches(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    for (String s : substrings) {
      if (lower.contains(s)) {
        return true;
      }
    }
    return false;
  }

  /** {@code error.message}, or {@code error} when it is a string, or {@code message}; else null. */
  static String errorMessage(String body) {
    String t = body.trim();
    if (!t.startsWith("{")) {
      return null;
    }
    try {
      return errorMessage(Json.parse(t));
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  static String errorMessage(JsonNode n) {
    JsonNode e = n.get("error");
    if (e != null && e.isString()) {
      return e.stringValue();
    }
    if (e != null && e.isObject() && e.get("message") != null) {
      return e.get("message").asString();
    }
    JsonNode m = n.get("message");
    return m == null ? null : m.asString();
  }
}
