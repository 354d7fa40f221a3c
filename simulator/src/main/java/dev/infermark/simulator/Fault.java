package dev.infermark.simulator;

/** A fault the simulator injects into one request, chosen by seeded rate at arrival. */
public enum Fault {
  /** HTTP 429 with an OpenAI-style rate-limit error and {@code Retry-After: 1}. */
  HTTP_429,
  /** HTTP 500 with an OpenAI-style server error. */
  HTTP_500,
  /** HTTP 503 (engine overloaded). */
  HTTP_503,
  /** The connection is reset (RST, SO_LINGER 0) after a seeded number of chunks. */
  RESET,
  /** One chunk, at a seeded index, carries truncated JSON in place of its token. */
  MALFORMED_CHUNK,
  /** The stream ends normally but without {@code data: [DONE]}. */
  MISSING_DONE,
  /** The response headers are held back for the configured delay. */
  SLOW_HEADERS;

  /** Whether the fault only makes sense for a streamed response. */
  public boolean streamOnly() {
    return this == MISSING_DONE;
  }
}
