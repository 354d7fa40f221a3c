package dev.infermark.observer;

/**
 * A phase boundary the harness tells a run's observers about: {@code RunContext.phase(WARMUP)},
 * {@code phase(PROFILING)} and the step that ends profiling. A window of profiling statistics runs from
 * {@link #PROFILING_START} to {@link #PROFILING_END}.
 */
public enum Mark {
  WARMUP, PROFILING_START, PROFILING_END
}
