package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * Sends requests to the run's inference server and measures them; the harness records every
 * request sent through it, exactly once, whatever happens to it. Never throws for a failed
 * request: HTTP errors, broken streams, resets and timeouts come back as a record with an error.
 * Call {@link #send} from a virtual thread; it blocks until the response ends. Interrupting the
 * sending thread aborts the request: it comes back {@link ErrorKind#CANCELLED}, with what was
 * measured so far.
 */
@API(status = STABLE, since = "0.1")
public interface InferenceClient {
  /** Sends {@code request} and returns its record (already recorded by the harness). */
  RequestRecord send(InferenceRequest request);

  /**
   * Sends {@code request}, which {@link Abort#abort} stops while in flight: it then comes back,
   * and is recorded, with the abort's error.
   */
  RequestRecord send(InferenceRequest request, Abort abort);
}
