package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * Thrown by a {@link ClosedLoop} user's client when the phase is over (its time or request count
 * is spent, or the run was cancelled): the harness ends the iteration. Not an error; let it pass.
 */
@API(status = STABLE, since = "0.1")
public final class PhaseOver extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PhaseOver(String message) {
    super(message, null, false, false);
  }
}
