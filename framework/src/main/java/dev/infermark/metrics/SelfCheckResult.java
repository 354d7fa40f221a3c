package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

/**
 * How much the client itself could have distorted a run's timestamps. Absent values are
 * {@code null}.
 *
 * @param schedulerLagP50Ms median oversleep of a 1 ms virtual-thread ticker: how late a virtual
 *     thread (such as a stream reader) got to run
 * @param schedulerLagP99Ms its p99
 * @param schedulerLagMaxMs its maximum
 * @param poolWaitP50Ms median time from {@code send()} to the start of writing the request body
 *     (connection set-up or waiting for one)
 * @param poolWaitP99Ms its p99
 * @param poolWaitMaxMs its maximum
 * @param cpuCores process CPU time / wall time (cores busy; includes an embedded simulator)
 * @param cpuFraction {@code cpuCores} / available processors
 * @param cpuUsPerRead process CPU µs per network read of a response body
 * @param reads network reads of response bodies (each one timestamp)
 * @param processors available processors
 * @param warning a line saying the measurement may be distorted, or {@code null}
 */
@API(status = EXPERIMENTAL, since = "0.2") // results SPI
public record SelfCheckResult(Double schedulerLagP50Ms, Double schedulerLagP99Ms, Double schedulerLagMaxMs,
    Double poolWaitP50Ms, Double poolWaitP99Ms, Double poolWaitMaxMs, Double cpuCores, Double cpuFraction,
    Double cpuUsPerRead, long reads, int processors, String warning) {

  /** One summary line for the console. */
  public String line() {
    return String.format(java.util.Locale.ROOT,
        "client self-check: scheduler lag p50 %s, p99 %s, max %s; connection wait p99 %s; client CPU %s of %d cores (%s per read)",
        fmt(schedulerLagP50Ms, "ms"), fmt(schedulerLagP99Ms, "ms"), fmt(schedulerLagMaxMs, "ms"), fmt(poolWaitP99Ms, "ms"),
        cpuFraction == null ? "n/a" : String.format(java.util.Locale.ROOT, "%.0f%%", cpuFraction * 100), processors,
        fmt(cpuUsPerRead, "us"));
  }

  /**
   * The console's one self-check line, only when it matters: the warning with what was measured
   * ({@code infermark: WARNING client self-check: ... (scheduler lag p50 ...)}); empty when the
   * client kept up (the numbers are in {@code metadata.client_self_check} either way).
   */
  public java.util.Optional<String> consoleLine() {
    return warning == null ? java.util.Optional.empty()
        : java.util.Optional.of("infermark: " + warning + " (" + line().substring("client self-check: ".length()) + ")");
  }

  /**
   * This result with {@code more} after its warning: a rule checked outside the probe, on what the run measured
   * ({@link ArrivalLateness}).
   */
  public SelfCheckResult withWarning(String more) {
    return new SelfCheckResult(schedulerLagP50Ms, schedulerLagP99Ms, schedulerLagMaxMs, poolWaitP50Ms, poolWaitP99Ms,
        poolWaitMaxMs, cpuCores, cpuFraction, cpuUsPerRead, reads, processors, warning == null ? more : warning + " " + more);
  }

  /** A value with its unit, or {@code n/a} when it was not measured. */
  private static String fmt(Double d, String unit) {
    return d == null ? "n/a" : String.format(java.util.Locale.ROOT, "%.3f %s", d, unit);
  }
}
