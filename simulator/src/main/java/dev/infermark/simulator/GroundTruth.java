package dev.infermark.simulator;

import java.util.OptionalLong;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the simulator did for one request and when. Times are {@code System.nanoTime()} of the
 * simulator's JVM (CLOCK_MONOTONIC on Linux, so comparable with another process on the same
 * host); a time that did not happen is -1, a count that does not apply is -1.
 *
 * @param requestId the {@code X-Request-ID} (sent by the client, or made up and returned)
 * @param endpoint {@code /v1/chat/completions} or {@code /v1/completions}
 * @param httpStatus the status sent, or 0 when the connection was reset before any response
 * @param arrivalNs when the request head had been read
 * @param queuedNs when the parsed request was handed to the engine (-1 if it never was)
 * @param headersSendNs just before the response headers were written
 * @param chunkSendNs for each generated token, just before the bytes of its chunk went to the
 *     socket (several chunks written together share one time); for a non-streamed response,
 *     empty
 * @param chunkScheduledNs for each generated token, the end of the engine step that produced it
 * @param endSendNs just before the last bytes of the response were written (or the reset)
 * @param promptTokens prompt tokens, chat-template overhead included
 * @param cachedTokens prompt tokens served from the prefix cache
 * @param outputTokens generated tokens sent (reasoning included)
 * @param reasoningTokens how many of them were reasoning_content
 * @param finishReason {@code stop}, {@code length}, or {@code null} when it did not finish
 * @param fault the injected fault, or {@code null}
 * @param faultChunkIndex the token index a reset or malformed chunk hit, else -1
 * @param preemptions how many times the engine preempted the sequence
 */
public record GroundTruth(String requestId, String endpoint, int httpStatus, long arrivalNs, long queuedNs,
    long headersSendNs,
    long[] chunkSendNs, long[] chunkScheduledNs, long endSendNs, int promptTokens, int cachedTokens, int outputTokens,
    int reasoningTokens, String finishReason, Fault fault, int faultChunkIndex, int preemptions) {

  /** When the first token's chunk was written, if one was. */
  public OptionalLong firstTokenSendNs() {
    return chunkSendNs.length == 0 ? OptionalLong.empty() : OptionalLong.of(chunkSendNs[0]);
  }

  /** The JSON served at {@code GET /ground-truth/<id>}; absent values are left out. */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("request_id", requestId);
    o.put("endpoint", endpoint);
    o.put("http_status", httpStatus);
    o.put("arrival_ns", arrivalNs);
    putTime(o, "queued_ns", queuedNs);
    putTime(o, "headers_send_ns", headersSendNs);
    firstTokenSendNs().ifPresent(t -> o.put("first_token_send_ns", t));
    ArrayNode sends = o.putArray("chunk_send_ns");
    for (long t : chunkSendNs) {
      sends.add(t);
    }
    ArrayNode scheduled = o.putArray("chunk_scheduled_ns");
    for (long t : chunkScheduledNs) {
      scheduled.add(t);
    }
    putTime(o, "end_send_ns", endSendNs);
    putCount(o, "prompt_tokens", promptTokens);
    putCount(o, "cached_tokens", cachedTokens);
    putCount(o, "output_tokens", outputTokens);
    putCount(o, "reasoning_tokens", reasoningTokens);
    if (finishReason != null) {
      o.put("finish_reason", finishReason);
    }
    if (fault != null) {
      o.put("fault", fault.name());
    }
    putCount(o, "fault_chunk_index", faultChunkIndex);
    putCount(o, "preemptions", preemptions);
    return o;
  }

  private static void putTime(ObjectNode o, String name, long v) {
    if (v != -1) {
      o.put(name, v);
    }
  }

  private static void putCount(ObjectNode o, String name, int v) {
    if (v >= 0) {
      o.put(name, v);
    }
  }
}
