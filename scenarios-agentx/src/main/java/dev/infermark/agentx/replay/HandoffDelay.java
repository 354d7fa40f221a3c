package dev.infermark.agentx.replay;

/**
 * The delay of a stream's first profiling request after a cache-pressure warmup handoff (spec
 * §3.6; the seed's "restored to their next request's position on one shared per-trajectory
 * dataset clock").
 *
 * <p>Each tree play keeps a dataset clock: its t*, advanced to the recorded end of every turn it
 * completes during the pressure stage. A handed-off stream's residual is its next turn's recorded
 * start minus that clock ({@code 8000 - 2500 = 5500} ms); an exhausted delay (the tree's clock
 * already passed the turn) is 0. Profiling then subtracts one global minimum (§3.7), so the
 * earliest pending request starts at once and the streams keep their recorded cross-stream order
 * and spacing. Without a clock the residual falls back to the stream's own timestamps,
 * {@code ts_next - (ts_prev + api_prev) - elapsed} capped to the recorded delay; without
 * timestamps it is the recorded end-to-start delay. Wall time spent in the warmup drain is not
 * subtracted (the seed: it does not consume the delay), so the scheduler passes {@code elapsed = 0}.
 */
final class HandoffDelay {
  private HandoffDelay() {}

  /**
   * @param tsNextMs recorded start of the stream's next turn (NaN when unknown)
   * @param clockMs the tree play's dataset clock (NaN when unknown)
   * @param recordedDelayMs the delay the stream would otherwise keep
   */
  static double onTreeClockMs(double tsNextMs, double clockMs, double recordedDelayMs) {
    if (Double.isNaN(tsNextMs) || Double.isNaN(clockMs)) {
      return recordedDelayMs;
    }
    return Math.max(0, tsNextMs - clockMs);
  }

  /**
   * The per-stream fallback: {@code ts_next - (ts_prev + api_prev) - elapsed}, at least 0 and at
   * most {@code capMs}; {@code capMs} when a timestamp is unknown.
   */
  static double fromStreamTimestampsMs(double tsNextMs, double tsPrevMs, double apiPrevMs, double elapsedMs,
      double capMs) {
    double residual = tsNextMs - (tsPrevMs + apiPrevMs) - elapsedMs;
    if (Double.isNaN(residual)) {
      return capMs;
    }
    return Math.max(0, Math.min(capMs, residual));
  }
}
