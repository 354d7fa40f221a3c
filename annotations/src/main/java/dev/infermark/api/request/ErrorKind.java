package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/** Why a request failed. */
@API(status = STABLE, since = "0.1")
public enum ErrorKind {
  /** The prompt did not fit the model's context (HTTP 400 with an overflow wording, or in-stream). */
  CONTEXT_OVERFLOW,
  /** HTTP 429. */
  RATE_LIMITED,
  /** Any other 4xx. */
  CLIENT_ERROR,
  /** 5xx, or an {@code error} object or {@code event: error} inside the stream. */
  SERVER_ERROR,
  /** The stream ended without {@code data: [DONE]}, or a chunk was not valid JSON. */
  PROTOCOL_ERROR,
  /** Nothing accepted the connection (connection refused: no server listening at the URL). */
  CONNECTION_REFUSED,
  /** The connection broke: reset or closed before or during the response. */
  CONNECTION_RESET,
  /** No headers, or no end of stream, before the deadline. */
  TIMEOUT,
  /** The run was cancelled while the request was in flight. */
  CANCELLED,
  /**
   * The request failed inside infermark's own client, not at the server: the JVM ran out of a local
   * resource (file descriptors: "Too many open files", local ports, buffers) or the HTTP client
   * failed internally ({@code InternalError}).
   */
  CLIENT_SIDE
}
