package dev.infermark.api;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

/**
 * An open-loop workload that brings its own arrival instants: a recorded trace replayed on its timestamps
 * (AIPerf's {@code --fixed-schedule}). The harness's pacer starts iteration {@code i} ({@link VirtualUser#index()}
 * {@code i}) at the {@code i}-th instant, its first request due then, whatever the server does; the phases, the
 * recording, the in-flight cap ({@code max-concurrency}) and the cut-off are the harness's, as for any
 * {@link OpenLoop}. A rate's settings ({@code request-rate}, {@code arrival-pattern}, the ramps, a user-centric
 * rate) and a warmup phase cannot be used with a schedule, and fail naming the setting. Without an explicit
 * {@code benchmark-duration} the profiling phase lasts until the schedule's last arrival and what it started is
 * done.
 */
@API(status = EXPERIMENTAL, since = "0.2")
public interface FixedSchedule extends OpenLoop {
  /**
   * This run's arrival instants, as offsets from the start of the profiling phase in nanoseconds, in order (each
   * at or after the previous one); or {@code null} when the run has no schedule of its own, and the run's load
   * model (a closed loop of {@code concurrency} users, {@code request-rate} arrivals, ...) starts the iterations.
   * Read once, before profiling.
   */
  long[] arrivalOffsetsNanos();
}
