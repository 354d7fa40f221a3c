package dev.infermark.traces.format;

import java.util.List;
import java.util.Map;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.JsonValues;

/**
 * One request of a flat trace, as a format reads it.
 *
 * @param timestampMs when it was sent, ms on the trace's clock, or {@code NaN} when the row has none
 * @param delayMs how long after the previous request's answer it was sent, ms, or {@code NaN} when none is recorded
 * @param inputTokens its prompt's tokens (what {@link HashBlocks} rebuild), or -1 when unknown (literal text not
 *     counted)
 * @param maxTokens its output length, or {@code null} for no cap
 * @param model the model it names, or {@code null} for the run's
 * @param content what it sends
 * @param extra body fields merged last ({@code extra}, {@code tools}), as plain JSON values, or {@code null}
 */
public record TraceRequest(double timestampMs, double delayMs, int inputTokens, Integer maxTokens, String model,
    Content content, Map<String, Object> extra) {
  public TraceRequest {
    java.util.Objects.requireNonNull(content, "content");
    extra = extra == null ? null : JsonValues.object(extra);
  }

  /** A request whose prompt is rebuilt from hash ids. */
  public static TraceRequest blocks(double timestampMs, double delayMs, int inputTokens, Integer maxTokens, int[] ids) {
    return new TraceRequest(timestampMs, delayMs, inputTokens, maxTokens, null, new HashBlocks(ids), null);
  }

  /** The same request with other token counts, ids and timestamp (the synthesis transforms). */
  TraceRequest with(double ts, int in, Integer max, Content c) {
    return new TraceRequest(ts, delayMs, in, max, model, c, extra);
  }

  /** What a request sends. */
  public sealed interface Content permits HashBlocks, Messages, Body {}

  /**
   * A prompt of {@code inputTokens} tokens rebuilt from hash ids, one a block (see
   * {@link dev.infermark.traces.prompt.BlockPrompts}).
   */
  public record HashBlocks(int[] ids) implements Content {
    public HashBlocks {
      ids = ids.clone();
    }
  }

  /**
   * Literal messages.
   *
   * @param live true: the messages this turn adds after the previous answer, which the player threads in (a
   *     conversation file); false: the whole prompt as recorded
   */
  public record Messages(List<ChatMessage> messages, boolean live) implements Content {
    public Messages {
      messages = List.copyOf(messages);
    }
  }

  /** A request body sent as given (its {@code messages}, {@code model}, {@code max_tokens}, ...): a raw payload. */
  public record Body(Map<String, Object> fields) implements Content {
    public Body {
      fields = JsonValues.object(fields);
    }
  }
}
