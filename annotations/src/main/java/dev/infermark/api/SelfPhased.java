package dev.infermark.api;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

/**
 * A workload that runs its own phases (a methodology's rules: the AgentX replay's priming and
 * steady state, the AgentPerf search, an accuracy evaluation). It tells the harness where it is
 * ({@link RunContext#phase}, {@link RunContext#grace}, {@link RunContext#step}); the harness records
 * every request sent through {@link RunContext#client()}, and at the end of the run (or on a
 * cancel) aborts and records what is still in flight. Its scenario may not carry
 * {@code @Warmup}/{@code @Measurement} (rejected at discovery): its phases are set by its own settings.
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public non-sealed interface SelfPhased extends LoadGenerator {
  /**
   * Runs the workload; stops promptly once {@link RunContext#cancelled()} turns true, returning
   * what it has.
   *
   * @return the run's own results (SLO values, console lines); the harness adds every metric of the records
   */
  RunResult run(RunContext ctx) throws Exception;
}
