package dev.infermark.client;

import dev.infermark.record.RequestRecord;

/**
 * Sends requests to an inference server and measures them. Implementations never throw for a
 * failed request: HTTP errors, broken streams, resets and timeouts come back as a record with an
 * error. Call {@link #send} from a virtual thread; it blocks until the response ends.
 */
public interface InferenceClient extends AutoCloseable {
  RequestRecord send(InferenceRequest request);

  /** Aborts every request in flight (on cancel); they come back as {@code CANCELLED} records. */
  default void cancelInFlight() {}

  @Override
  default void close() {}
}
