package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.infermark.api.status.API;

/**
 * Aborts requests in flight and says why. Send requests with it
 * ({@code client.send(request, abort)}); {@link #abort} then stops each of them still in flight, and
 * each comes back (and is recorded) as {@link ErrorKind#CANCELLED} with the given error, keeping
 * what was measured before: how a methodology's own time limit ends its requests
 * ({@link RequestError#cutOff}). One abort may cover many requests (a phase's); the first
 * {@link #abort} wins, and a request sent with an aborted {@code Abort} is aborted at once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Abort {
  private final CopyOnWriteArrayList<Runnable> actions = new CopyOnWriteArrayList<>();
  private volatile RequestError reason;

  /** Aborts every request sent with this (now and later); they are recorded with {@code why}. */
  public void abort(RequestError why) {
    if (why == null || why.kind() != ErrorKind.CANCELLED) {
      throw new IllegalArgumentException("an abort's error is CANCELLED (e.g. RequestError.cutOff(...)), got " + why);
    }
    synchronized (this) {
      if (reason != null) {
        return;
      }
      reason = why;
    }
    actions.forEach(Runnable::run);
  }

  /** Why it was aborted; empty until then. */
  public Optional<RequestError> reason() {
    return Optional.ofNullable(reason);
  }

  public boolean aborted() {
    return reason != null;
  }

  /**
   * For clients: runs {@code action} on {@link #abort} (at once when already aborted).
   *
   * @return a handle that unregisters it (a finished request's)
   */
  public Runnable onAbort(Runnable action) {
    actions.add(action);
    if (reason != null && actions.remove(action)) {
      action.run();
    }
    return () -> actions.remove(action);
  }
}
