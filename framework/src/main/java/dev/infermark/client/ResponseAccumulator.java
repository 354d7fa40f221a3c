package dev.infermark.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import dev.infermark.json.Json;
import dev.infermark.record.ErrorKind;
import dev.infermark.record.RequestError;
import tools.jackson.databind.JsonNode;

/**
 * Collects what one response says: content chunk times, text, usage, finish reason, and the first
 * error. Handles streamed chunks ({@code choices[0].delta}), whole responses
 * ({@code choices[0].message}) and completions ({@code choices[0].text}); {@code content: null}
 * role chunks and llama.cpp {@code timings} carry no content and are ignored. A chunk counts for
 * TTFT/ITL only when it carries non-empty content, reasoning or tool-call deltas (agentx §5.2).
 * Not thread-safe: one per response.
 */
final class ResponseAccumulator implements SseDecoder.Handler {
  private final boolean keepText;
  private final ErrorClassifier classifier;
  private StreamTap tap;
  private String requestId;
  private long[] contentNs = new long[64];
  private int contentCount;
  private final StringBuilder text;
  private final StringBuilder reasoning;
  private boolean sawReasoning;
  Integer promptTokens;
  Integer completionTokens;
  Integer reasoningTokens;
  Integer cachedTokens;
  String finishReason;
  RequestError error;
  boolean done;
  long messages;

  ResponseAccumulator(boolean keepText, ErrorClassifier classifier) {
    this.keepText = keepText;
    this.classifier = classifier;
    this.text = keepText ? new StringBuilder() : null;
    this.reasoning = keepText ? new StringBuilder() : null;
  }

  /** Lets {@code tap} see every message of request {@code id}. */
  ResponseAccumulator tap(StreamTap t, String id) {
    this.tap = t;
    this.requestId = id;
    return this;
  }

  @Override
  public void onMessage(String event, byte[] data, int length, long receivedNs) {
    messages++;
    if (tap != null && data != null) {
      tap.onMessage(requestId, data, length, receivedNs);
    }
    if ("error".equals(event)) {
      fail(sseError(data == null ? "event: error" : new String(data, 0, length, StandardCharsets.UTF_8), null));
      return;
    }
    if (data == null) {
      return;
    }
    int from = 0;
    int to = length;
    while (from < to && data[from] <= ' ') {
      from++;
    }
    while (to > from && data[to - 1] <= ' ') {
      to--;
    }
    if (from == to) {
      return;
    }
    if (to - from == 6 && data[from] == '[' && new String(data, from, 6, StandardCharsets.US_ASCII).equals("[DONE]")) {
      done = true;
      return;
    }
    JsonNode n;
    try {
      // straight from the bytes: no String per chunk
      n = Json.MAPPER.readTree(data, from, to - from);
    } catch (RuntimeException e) {
      String d = new String(data, from, to - from, StandardCharsets.UTF_8);
      fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "InvalidJSON", "a stream chunk is not valid JSON: " + abbreviate(d, 200),
          abbreviate(d, OpenAiClient.MAX_ERROR_BODY)));
      return;
    }
    onJson(n, null, data, from, to, receivedNs);
  }

  /** A whole JSON payload (one SSE message or a non-streamed body). */
  void onJson(JsonNode n, String raw, byte[] rawBytes, int from, int to, long receivedNs) {
    JsonNode err = n.get("error");
    if (err != null && !err.isNull() && !(err.isObject() && err.isEmpty())) {
      int code = err.isObject() && err.get("code") != null && err.get("code").isIntegralNumber() ? err.get("code").intValue() : 0;
      String text = raw != null ? raw : new String(rawBytes, from, to - from, StandardCharsets.UTF_8);
      fail(sseError(text, code == 0 ? null : code));
      return;
    }
    boolean content = false;
    JsonNode choices = n.get("choices");
    if (choices != null && choices.isArray() && !choices.isEmpty()) {
      JsonNode c0 = choices.get(0);
      JsonNode d = c0.get("delta");
      if (d == null) {
        d = c0.get("message");
      }
      String t = d != null ? string(d, "content") : string(c0, "text");
      if (t != null && !t.isEmpty()) {
        content = true;
        if (keepText) {
          text.append(t);
        }
      }
      if (d != null) {
        String r = string(d, "reasoning_content");
        if (r == null) {
          r = string(d, "reasoning");
        }
        if (r != null && !r.isEmpty()) {
          content = true;
          sawReasoning = true;
          if (keepText) {
            reasoning.append(r);
          }
        }
        JsonNode tools = d.get("tool_calls");
        if (tools != null && tools.isArray() && !tools.isEmpty()) {
          // Tool-call deltas are generated output: AIPerf serialises them as text.
          content = true;
          if (keepText) {
            text.append(tools);
          }
        }
      }
      String f = string(c0, "finish_reason");
      if (f != null) {
        finishReason = f;
      }
    }
    JsonNode usage = n.get("usage");
    if (usage != null && usage.isObject()) {
      promptTokens = integer(usage, "prompt_tokens", promptTokens);
      completionTokens = integer(usage, "completion_tokens", completionTokens);
      JsonNode details = usage.get("completion_tokens_details");
      Integer r = details != null && details.isObject() ? integer(details, "reasoning_tokens", null) : null;
      reasoningTokens = r != null ? r : integer(usage, "reasoning_tokens", reasoningTokens);
      JsonNode prompt = usage.get("prompt_tokens_details");
      if (prompt != null && prompt.isObject()) {
        cachedTokens = integer(prompt, "cached_tokens", cachedTokens);
      }
    }
    if (content) {
      if (contentCount == contentNs.length) {
        contentNs = Arrays.copyOf(contentNs, contentCount * 2);
      }
      contentNs[contentCount++] = receivedNs;
    }
  }

  private RequestError sseError(String raw, Integer code) {
    String message = ErrorClassifier.errorMessage(raw);
    if (message == null) {
      message = raw;
    }
    ErrorKind kind = classifier.isContextOverflow(raw) ? ErrorKind.CONTEXT_OVERFLOW : ErrorKind.SERVER_ERROR;
    return new RequestError(kind, code == null ? 502 : code, "SSEError", abbreviate(message, 500),
        abbreviate(raw, OpenAiClient.MAX_ERROR_BODY));
  }

  /** Keeps the first error: later ones are usually consequences. */
  void fail(RequestError e) {
    if (error == null) {
      error = e;
    }
  }

  long[] contentNs() {
    return Arrays.copyOf(contentNs, contentCount);
  }

  int contentChunks() {
    return contentCount;
  }

  String text() {
    return keepText ? text.toString() : null;
  }

  String reasoningText() {
    return keepText && sawReasoning ? reasoning.toString() : null;
  }

  boolean sawReasoning() {
    return sawReasoning;
  }

  private static String string(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isString() ? v.stringValue() : null;
  }

  private static Integer integer(JsonNode n, String field, Integer fallback) {
    JsonNode v = n.get(field);
    return v != null && v.isNumber() ? Integer.valueOf(v.intValue()) : fallback;
  }

  static String abbreviate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max) + "...";
  }
}
