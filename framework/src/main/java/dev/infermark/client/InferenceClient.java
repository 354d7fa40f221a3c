package dev.infermark.client;

import dev.infermark.record.RequestRecord;

/**
 * Sends requests to an inference server and measures them. Implementations never throw for a
 * failed request: HTTP errors, broken streams, resets and timeouts come back as a record with an
 * error. Call {@link #send} from a virtual thread; it blocks until the response ends.
 */
public interface InferenceClient extends AutoCloseable {
  RequestRecord send(InferenceRequest request);

  /**
   * Checks, before any load, that the target can serve this client's requests (the runner calls it
   * unless {@code infermark.preflight=false}).
   *
   * @return what was found, for the run's output; empty when this client checks nothing
   * @throws PreflightException naming the URL and the cause
   */
  default java.util.Optional<String> preflight() {
    return java.util.Optional.empty();
  }

  /** Aborts every request in flight (on cancel); they come back as {@code CANCELLED} records. */
  default void cancelInFlight() {}

  @Override
  default void close() {}
}
