package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

/**
 * Everything measured about one request: the single source of truth from which metrics, exports
 * and SLO checks are computed. Times are {@code System.nanoTime()} values taken at the socket read
 * (before any parsing); absent times are -1, absent counts {@code null}.
 *
 * @param phase warmup or profiling
 * @param requestId the {@code X-Request-ID} sent
 * @param tags conversation, tree and lane ids
 * @param dueNs when the scheduler meant to send it (-1 unknown); lateness = startNs - dueNs
 * @param startNs just before the request was written
 * @param startEpochMicros wall-clock time of {@code startNs}, for exports
 * @param ackNs response headers received
 * @param contentChunkNs receive time of every chunk carrying generated content or reasoning, in order
 * @param endNs the last byte of the response
 * @param inputTokens ISL (server usage or tokenizer), or {@code null}
 * @param outputTokens non-reasoning output tokens, or {@code null}
 * @param reasoningTokens reasoning tokens, or {@code null}
 * @param cachedTokens {@code prompt_tokens_details.cached_tokens} when reported, else {@code null}
 * @param text the generated text when the request asked to keep it, else {@code null}
 * @param reasoningText the reasoning text when kept, else {@code null}
 * @param finishReason the last {@code finish_reason}, or {@code null}
 * @param httpStatus the HTTP status, or 0 when no response came
 * @param error the error, or {@code null} for a success
 * @param urlIndex which of the run's {@code infermark.url}s it was sent to (0 for a single URL), or
 *     -1 when unknown (not sent by the run's client)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RequestRecord(Phase phase, String requestId, RequestTags tags, long dueNs, long startNs,
    long startEpochMicros, long ackNs, long[] contentChunkNs, long endNs, Integer inputTokens, Integer outputTokens,
    Integer reasoningTokens, Integer cachedTokens, String text, String reasoningText, String finishReason,
    int httpStatus, RequestError error, int urlIndex) {

  /** A record not sent to a known URL ({@code urlIndex} -1). */
  public RequestRecord(Phase phase, String requestId, RequestTags tags, long dueNs, long startNs, long startEpochMicros,
      long ackNs, long[] contentChunkNs, long endNs, Integer inputTokens, Integer outputTokens, Integer reasoningTokens,
      Integer cachedTokens, String text, String reasoningText, String finishReason, int httpStatus, RequestError error) {
    this(phase, requestId, tags, dueNs, startNs, startEpochMicros, ackNs, contentChunkNs, endNs, inputTokens,
        outputTokens, reasoningTokens, cachedTokens, text, reasoningText, finishReason, httpStatus, error, -1);
  }

  public boolean ok() {
    return error == null;
  }

  /** Output sequence length: output plus reasoning tokens, or {@code null} when neither is known. */
  public Integer outputSequenceLength() {
    if (outputTokens == null && reasoningTokens == null) {
      return null;
    }
    return (outputTokens == null ? 0 : outputTokens) + (reasoningTokens == null ? 0 : reasoningTokens);
  }

  /**
   * This record with {@code why} as its error when the client returned it as
   * {@link ErrorKind#CANCELLED} (its sender aborted it): a load generator that aborts a request
   * says why, keeping everything measured before the abort. Any other record is returned as is.
   */
  public RequestRecord abortedBecause(RequestError why) {
    if (error == null || error.kind() != ErrorKind.CANCELLED) {
      return this;
    }
    return new RequestRecord(phase, requestId, tags, dueNs, startNs, startEpochMicros, ackNs, contentChunkNs, endNs,
        inputTokens, outputTokens, reasoningTokens, cachedTokens, text, reasoningText, finishReason, httpStatus, why,
        urlIndex);
  }

  /**
   * The answer as the assistant message a later turn carries in its history: the generated text (empty when a
   * failed request returned none).
   *
   * @throws IllegalStateException when the request succeeded but did not keep its text: send it with
   *     {@code keepText} ({@link InferenceRequest#withKeepText(boolean)}), or the next turn would carry an empty
   *     answer and measure another conversation than the one meant
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public ChatMessage reply() {
    if (text != null) {
      return ChatMessage.assistant(text);
    }
    if (ok()) {
      throw new IllegalStateException("request " + requestId + " did not keep its answer's text, so a later turn cannot "
          + "carry it: send it withKeepText(true) (InferenceRequest.keepText) when its answer goes into the history");
    }
    return ChatMessage.assistant(""); // it failed: nothing was answered (the record says why)
  }

  /** Time to first token in ns, or -1. */
  public long ttftNs() {
    return contentChunkNs.length == 0 ? -1 : contentChunkNs[0] - startNs;
  }
}
