package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * A closed-loop workload: {@code concurrency} virtual users, each calling {@link #iterate} again
 * and again, one request in flight per user. The harness owns the phases: warmup
 * ({@code warmup-request-count} requests and/or {@code warmup-duration}), then profiling until
 * {@code benchmark-duration} has passed or {@code request-count} requests were sent, then
 * {@code benchmark-grace-period} for what is in flight, then a cut-off (recorded as such). It sets
 * each request's phase and records it.
 */
@API(status = STABLE, since = "0.1")
@FunctionalInterface
public non-sealed interface ClosedLoop extends LoadGenerator {
  /**
   * One iteration of one user (one conversation, say): send through {@link VirtualUser#client()},
   * one request after the other. Once the phase is over, the next send throws {@link PhaseOver}
   * and ends the iteration (let it pass); a request in flight at the cut-off comes back cancelled.
   * Any other exception fails the run.
   */
  void iterate(VirtualUser user) throws Exception;
}
