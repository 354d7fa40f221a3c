package dev.infermark.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;

/**
 * Collects what one response says: content chunk times, text, usage, finish reason, and the first
 * error. Each payload is read by {@link ChunkFields} (streaming, no tree per chunk). Handles streamed chunks ({@code choices[0].delta}), whole responses
 * ({@code choices[0].message}) and completions ({@code choices[0].text}); {@code content: null}
 * role chunks and llama.cpp {@code timings} carry no content and are ignored. A chunk counts for
 * TTFT/ITL only when it carries non-empty content, reasoning or tool-call deltas (agentx §5.2).
 * Not thread-safe: one per response.
 */
final class ResponseAccumulator implements SseDecoder.Handler {
  private final boolean keepText;
  private final ErrorClassifier classifier;
  private final ChunkFields fields;
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
    this.fields = new ChunkFields(keepText);
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
  public void onMessage(String event, byte[] data, int off, int length, long receivedNs) {
    messages++;
    if (tap != null && data != null) {
      tap.onMessage(requestId, data, off, length, receivedNs);
    }
    if ("error".equals(event)) {
      fail(sseError(data == null ? "event: error" : new String(data, off, length, StandardCharsets.UTF_8), null));
      return;
    }
    if (data == null) {
      return;
    }
    int from = off;
    int to = off + length;
    while (from < to && data[from] <= ' ') {
      from++;
    }
    while (to > from && data[to - 1] <= ' ') {
      to--;
    }
    if (from == to) {
      return;
    }
    if (to - from == 6 && data[from] == '[' && isDone(data, from)) {
      done = true;
      return;
    }
    try {
      fields.parse(data, from, to - from);
    } catch (RuntimeException e) {
      String d = new String(data, from, to - from, StandardCharsets.UTF_8);
      fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "InvalidJSON", "a stream chunk is not valid JSON: " + abbreviate(d, 200),
          abbreviate(d, OpenAiClient.MAX_ERROR_BODY)));
      return;
    }
    apply(data, from, to, receivedNs);
  }

  private static final byte[] DONE = "[DONE]".getBytes(StandardCharsets.US_ASCII);

  private static boolean isDone(byte[] d, int from) {
    return Arrays.equals(d, from, from + DONE.length, DONE, 0, DONE.length);
  }

  /** A whole (non-streamed) JSON body, received at {@code receivedNs}. */
  void onBody(byte[] all, long receivedNs) {
    messages++;
    try {
      fields.parse(all, 0, all.length);
    } catch (RuntimeException e) {
      fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "InvalidJSON", "the response body is not valid JSON",
          abbreviate(new String(all, StandardCharsets.UTF_8), OpenAiClient.MAX_ERROR_BODY)));
      return;
    }
    apply(all, 0, all.length, receivedNs);
  }

  /** What the last parsed payload says, with its raw bytes for an error's text. */
  private void apply(byte[] raw, int from, int to, long receivedNs) {
    ChunkFields f = fields;
    if (f.error) {
      fail(sseError(new String(raw, from, to - from, StandardCharsets.UTF_8), f.errorCode == 0 ? null : f.errorCode));
      return;
    }
    boolean content = false;
    if (f.choice) {
      ChunkFields.Message d = f.delta.present ? f.delta : f.message.present ? f.message : null;
      if ((d != null ? d.content : f.text) == ChunkFields.TEXT) {
        content = true;
        if (keepText) {
          text.append(d != null ? d.contentValue : f.textValue);
        }
      }
      if (d != null) {
        boolean rc = d.reasoningContent != ChunkFields.ABSENT;
        if ((rc ? d.reasoningContent : d.reasoning) == ChunkFields.TEXT) {
          content = true;
          sawReasoning = true;
          if (keepText) {
            reasoning.append(rc ? d.reasoningContentValue : d.reasoningValue);
          }
        }
        if (d.toolCalls) {
          // Tool-call deltas are generated output: AIPerf serialises them as text.
          content = true;
          if (keepText) {
            text.append(d.toolCallsJson);
          }
        }
      }
      if (f.finishReason != null) {
        finishReason = f.finishReason;
      }
    }
    if (f.usage) {
      promptTokens = integer(f.promptTokens, promptTokens);
      completionTokens = integer(f.completionTokens, completionTokens);
      reasoningTokens = f.detailReasoningTokens != null ? Integer.valueOf(f.detailReasoningTokens.intValue())
          : integer(f.reasoningTokens, reasoningTokens);
      cachedTokens = integer(f.cachedTokens, cachedTokens);
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

  /** The response is over: the parser's buffers go back to their pool. */
  void release() {
    fields.close();
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

  private static Integer integer(Number n, Integer fallback) {
    return n != null ? Integer.valueOf(n.intValue()) : fallback;
  }

  static String abbreviate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max) + "...";
  }
}
