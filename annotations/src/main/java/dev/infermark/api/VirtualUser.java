package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.Phase;

import dev.infermark.api.status.API;

/** One virtual user of a {@link ClosedLoop} workload, as its iteration sees it. */
@API(status = STABLE, since = "0.1")
public interface VirtualUser {
  /** The user's index, from 0 to {@code concurrency - 1}. */
  int index();

  /** The phase this iteration belongs to; the client gives every request this phase. */
  Phase phase();

  /** The client of this user: sends and records; throws {@link PhaseOver} once the phase is over. */
  InferenceClient client();

  /** Whether the phase still runs (a send may still throw {@link PhaseOver}: another user took the last request). */
  boolean running();
}
