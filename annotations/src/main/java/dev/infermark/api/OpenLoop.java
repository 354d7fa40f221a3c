package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * An open-loop workload: the harness starts one iteration per arrival of the run's arrival process
 * ({@code request-rate} with {@code arrival-pattern} constant, Poisson or gamma; a ramp; an optional
 * in-flight cap: {@link LoadModel.Open}), whatever the server does. A server that stalls therefore shows as
 * requests waiting, which the latencies measured from each request's intended instant include
 * ({@code effective_time_to_first_token}, {@code effective_latency}, {@code schedule_lag}), instead of
 * disappearing from the percentiles as it does in a closed loop (coordinated omission).
 *
 * <p>The iteration's first request is due at its arrival's instant: {@link VirtualUser#client()} stamps it so,
 * and the client sends it then, not before. Later requests of the same iteration (the next turns of a
 * conversation) follow their predecessors. {@link VirtualUser#index()} is the arrival's number (0, 1, ...).
 * The harness owns the phases, the recording and the cut-off exactly as for a {@link ClosedLoop}.
 * {@code Conversations} is both a closed and an open loop: the run's settings choose ({@link LoadModel}).
 */
@API(status = STABLE, since = "0.2")
@FunctionalInterface
public non-sealed interface OpenLoop extends LoadGenerator {
  /**
   * One iteration, started by one arrival: send through {@link VirtualUser#client()}. Once the phase is over,
   * the next send throws {@link PhaseOver} (let it pass); a request in flight at the cut-off comes back
   * cancelled. Any other exception fails the run.
   */
  void iterate(VirtualUser arrival) throws Exception;
}
