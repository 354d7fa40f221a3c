package dev.infermark.agentx.replay;

import java.time.Duration;

/**
 * The scheduler's knobs, resolved from settings (see {@link ReplayKeys}).
 *
 * @param concurrency live session trees (lanes)
 * @param seed the run's random seed (t* sampling, correlation ids)
 * @param benchmarkId the per-run id that keys cache-bust markers (fresh per run)
 * @param startMinRatio lower bound of the t* window, 0..1
 * @param startMaxRatio upper bound of the t* window, 0..1
 * @param systemIdleCap global idle gap cap (also clamps warmup leads)
 * @param traceIdleCap per-tree idle gap cap, or {@code null} for none
 * @param benchmarkDuration how long profiling issues requests
 * @param gracePeriod how long in-flight requests may finish after that
 * @param burstPhaseStarts fire every lane's first request (and every primer) at once
 * @param cacheWarmupDuration cache-pressure warmup by time, or {@code null}
 * @param warmupRequestsPerLane cache-pressure warmup by count per lane, or {@code null}
 * @param cacheBust whether to mint and inject {@code [rid:...]} markers (first_turn_prefix)
 * @param failedRequestThreshold abort profiling when the error fraction exceeds this (after at least
 *     {@code max(concurrency, 10)} completed requests, overflows excluded), or {@code null} for never
 * @param dagFailFast a failed child request aborts its parent session and the parent's other
 *     descendants instead of releasing the join
 * @param warmupGracePeriod how long warmup waits for its primers after the last one was sent (and,
 *     when set, the drain bound of a duration-mode cache-pressure warmup), or {@code null} for
 *     unlimited
 */
public record ReplayConfig(int concurrency, long seed, String benchmarkId, double startMinRatio, double startMaxRatio,
    Duration systemIdleCap, Duration traceIdleCap, Duration benchmarkDuration, Duration gracePeriod,
    boolean burstPhaseStarts, Duration cacheWarmupDuration, Integer warmupRequestsPerLane, boolean cacheBust,
    Double failedRequestThreshold, boolean dagFailFast, Duration warmupGracePeriod) {

  public ReplayConfig {
    if (concurrency < 1) {
      throw new IllegalArgumentException("infermark.concurrency: must be at least 1, got " + concurrency);
    }
    if (!(startMinRatio >= 0 && startMinRatio <= startMaxRatio && startMaxRatio <= 1)) {
      throw new IllegalArgumentException("infermark.trajectory-start-min-ratio / trajectory-start-max-ratio: need "
          + "0 <= min <= max <= 1, got " + startMinRatio + " / " + startMaxRatio);
    }
    if (cacheWarmupDuration != null && !cacheWarmupDuration.isZero() && warmupRequestsPerLane != null
        && warmupRequestsPerLane > 0) {
      throw new IllegalArgumentException("infermark.agentic-cache-warmup-duration and infermark.warmup-requests-per-lane "
          + "are mutually exclusive: choose a time-bounded or a request-bounded warmup");
    }
    if (failedRequestThreshold != null && !(failedRequestThreshold >= 0 && failedRequestThreshold <= 1)) {
      throw new IllegalArgumentException("infermark.failed-request-threshold: must be a fraction in [0, 1], got "
          + failedRequestThreshold);
    }
    if (warmupGracePeriod != null && warmupGracePeriod.isNegative()) {
      throw new IllegalArgumentException("infermark.agentic-warmup-grace-period: must be >= 0, got " + warmupGracePeriod);
    }
    if (warmupRequestsPerLane != null && warmupRequestsPerLane < 0) {
      throw new IllegalArgumentException("infermark.warmup-requests-per-lane: must be >= 0, got " + warmupRequestsPerLane);
    }
  }

  /** Whether a cache-pressure warmup stage follows the primers. */
  public boolean pressureWarmup() {
    return (cacheWarmupDuration != null && !cacheWarmupDuration.isZero())
        || (warmupRequestsPerLane != null && warmupRequestsPerLane > 0);
  }
}
