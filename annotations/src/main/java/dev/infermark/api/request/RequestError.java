package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * A failed request's error, kept in its record.
 *
 * @param kind the classification
 * @param code the HTTP status (or 502 for an in-stream error, 0 when no response came)
 * @param type a short type ({@code Bad Request}, {@code ReadTimeout}, ...)
 * @param message a one-line message
 * @param body the start of the response body (bounded), or {@code null}
 */
@API(status = STABLE, since = "0.1")
public record RequestError(ErrorKind kind, int code, String type, String message, String body) {
  /** The {@link #type} of a request cut off because the run's time was up (not because it was cancelled). */
  public static final String CUT_OFF = "CutOff";

  /**
   * The error of a request its load generator aborted because a time limit of the run ran out (a
   * grace period): {@link ErrorKind#CANCELLED} (so {@code was_cancelled}) with type {@link #CUT_OFF}.
   *
   * @param message what happened, e.g. {@code cut off at the end of the run: ...}
   */
  public static RequestError cutOff(String message) {
    return new RequestError(ErrorKind.CANCELLED, 0, CUT_OFF, message, null);
  }

  /** Whether this is a {@link #cutOff} error. */
  public boolean isCutOff() {
    return kind == ErrorKind.CANCELLED && CUT_OFF.equals(type);
  }
}
