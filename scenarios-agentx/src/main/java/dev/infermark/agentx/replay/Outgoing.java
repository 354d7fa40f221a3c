package dev.infermark.agentx.replay;

import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

/**
 * One request the scheduler wants sent. The body is built by {@link #build} on the sending
 * thread (prompt assembly stays off the scheduler lock); {@link #done} is called exactly once,
 * also when the scheduler aborts the request through {@link #abort}.
 *
 * @param phase warmup or profiling
 * @param tags the request's ids (also used for a failure record when building fails)
 * @param dueNs when the scheduler meant it to leave
 * @param build builds the request
 * @param done receives the finished record
 * @param abort how the scheduler aborts it once handed to the dispatcher
 */
public record Outgoing(Phase phase, RequestTags tags, long dueNs, Supplier<InferenceRequest> build,
    Consumer<RequestRecord> done, Abort abort) {

  /** A request that is never aborted (tests, one-off sends). */
  public Outgoing(Phase phase, RequestTags tags, long dueNs, Supplier<InferenceRequest> build,
      Consumer<RequestRecord> done) {
    this(phase, tags, dueNs, build, done, new Abort());
  }

  /** A failed record for a request that could not be built or sent (a bug or bad data, never a server error). */
  public RequestRecord failed(Throwable e, long nowNs) {
    return withError(new RequestError(ErrorKind.PROTOCOL_ERROR, 0, e.getClass().getSimpleName(),
        "request not sent: " + e.getMessage(), null), nowNs);
  }

  /**
   * A record made by the scheduler itself, with {@code error} and no response times: for a request
   * whose own record did not come back (see {@link AgenticReplay}).
   */
  public RequestRecord withError(RequestError error, long nowNs) {
    return new RequestRecord(phase, null, tags, dueNs, nowNs, System.currentTimeMillis() * 1000, -1, new long[0], nowNs,
        null, null, null, null, null, null, null, 0, error);
  }

  /**
   * The scheduler's request to abort a request in flight, and the dispatcher's way of doing it. The
   * dispatcher registers its action ({@link #onRequest}); the scheduler calls {@link #request}; the
   * action runs once, whichever comes first, and the request then comes back through
   * {@link Outgoing#done} ({@code CANCELLED}, with whatever was measured before).
   */
  public static final class Abort {
    private Runnable action;
    private boolean requested;
    private RequestError why;

    /** Asks for the abort, saying why (idempotent); runs the dispatcher's action now if it registered one. */
    public void request(RequestError why) {
      Runnable a;
      synchronized (this) {
        if (requested) {
          return;
        }
        requested = true;
        this.why = why;
        a = action;
      }
      if (a != null) {
        a.run();
      }
    }

    /** Registers how to abort; runs it at once when the abort was already requested. */
    public void onRequest(Runnable a) {
      boolean now;
      synchronized (this) {
        action = a;
        now = requested;
      }
      if (now) {
        a.run();
      }
    }

    public synchronized boolean requested() {
      return requested;
    }

    /** Why the abort was requested; {@code null} until it was. */
    public synchronized RequestError why() {
      return why;
    }
  }
}
