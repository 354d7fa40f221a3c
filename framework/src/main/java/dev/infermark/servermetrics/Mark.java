package dev.infermark.servermetrics;

/** A phase boundary the run tells the recorder about; statistics cover profiling start to profiling end. */
public enum Mark {
  WARMUP, PROFILING_START, PROFILING_END
}
