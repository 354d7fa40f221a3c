package dev.infermark.client;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.util.Optional;

import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;

/**
 * The run's connection to an inference server (the transport under the harness's recording
 * client): sends and measures requests. Implementations never throw for a failed request: HTTP
 * errors, broken streams, resets and timeouts come back as a record with an error. Call
 * {@link #send} from a virtual thread; it blocks until the response ends, and an interrupt of the
 * sending thread aborts the request (returned as {@code CANCELLED}).
 */
@API(status = EXPERIMENTAL, since = "0.2") // the protocol client a run sends through (SPI)
public interface ServerClient extends AutoCloseable {
  RequestRecord send(InferenceRequest request);

  /**
   * Checks, before any load, that the target can serve this client's requests (the runner calls it
   * unless {@code infermark.preflight=false}).
   *
   * @return what was found, for the run's output; empty when this client checks nothing
   * @throws PreflightException naming the URL and the cause
   */
  default Optional<String> preflight() {
    return Optional.empty();
  }

  /** The context length the target advertised to the {@link #preflight} ({@code max_model_len}), if any. */
  default Optional<ServedContext> servedContext() {
    return Optional.empty();
  }

  /** Aborts every request in flight (on cancel); they come back as {@code CANCELLED} records. */
  default void cancelInFlight() {}

  @Override
  default void close() {}
}
