package dev.infermark.traces.topology;

/**
 * Thresholds of nested-chain splitting (spec §2.6, the {@code AIPERF_DATASET_WEKA_*} knobs of §2.9).
 *
 * @param seamMaxGapSeconds seam guard: a continuation starting more than this after the dead tail ended...
 * @param seamMinOverlapRatio ...and sharing less than this fraction of the tail's blocks is a new spawn
 * @param auxMaxRequests a chain of at most this many requests may be an aux call (0 disables aux)
 * @param auxIslRatio aux when the first input is below max(floor, ratio x main chain's peak input)
 * @param auxIslFloor see {@code auxIslRatio}; also the minimum input of a reduction call
 * @param auxCrossModel aux when the chain runs on another model than the main chain
 * @param auxReductionOslMax a reduction call has 0 < out < this (0 disables reductions)
 * @param auxReductionRatio a reduction call has in > ratio x out
 * @param workerGroupMin at least this many overlapping forks from one point form a worker group (0 disables)
 */
public record SplitOptions(double seamMaxGapSeconds, double seamMinOverlapRatio, int auxMaxRequests,
    double auxIslRatio, int auxIslFloor, boolean auxCrossModel, int auxReductionOslMax, double auxReductionRatio,
    int workerGroupMin) {
  public SplitOptions {
    nonNegative("weka-seam-max-gap-seconds", seamMaxGapSeconds);
    nonNegative("weka-seam-min-overlap-ratio", seamMinOverlapRatio);
    nonNegative("weka-aux-max-requests", auxMaxRequests);
    nonNegative("weka-aux-isl-ratio", auxIslRatio);
    nonNegative("weka-aux-isl-floor", auxIslFloor);
    nonNegative("weka-aux-reduction-osl-max", auxReductionOslMax);
    nonNegative("weka-aux-reduction-ratio", auxReductionRatio);
    nonNegative("weka-worker-group-min", workerGroupMin);
  }

  /** AIPerf's defaults: 3600 s, 0.5, 1, 0.1, 16384, true, 4000, 20, 3. */
  public static SplitOptions defaults() {
    return new SplitOptions(3600, 0.5, 1, 0.1, 16_384, true, 4_000, 20, 3);
  }

  private static void nonNegative(String setting, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("infermark." + setting + " must be a finite number >= 0, got " + value);
    }
  }
}
