package dev.infermark.run;

/**
 * What a scenario runs: sends requests through {@link RunContext#client()}, hands every record to
 * {@link RunContext#record}, and returns the run's result. Built by the scenario's
 * {@code @Workload} method. Implementations check {@link RunContext#cancelled()} and stop
 * promptly when it turns true, returning what they have.
 */
@FunctionalInterface
public interface LoadGenerator {
  RunResult run(RunContext context) throws Exception;
}
