package dev.infermark.servermetrics;

/** A phase boundary the run tells the recorder about; statistics cover profiling start to profiling end. */
public enum Mark {
  WARMUP, PROFILING_START, PROFILING_END;

  /**
   * The mark a load generator's phase name stands for ({@code Progress.phase}): {@code warmup},
   * {@code profiling}; {@code drain} keeps the window open (in-flight profiling requests finish
   * then); any other name after profiling ends it. {@code null}: not a boundary.
   */
  public static Mark ofPhase(String phase, boolean profilingStarted) {
    return switch (phase) {
      case "warmup" -> WARMUP;
      case "profiling" -> PROFILING_START;
      case "drain" -> null;
      default -> profilingStarted ? PROFILING_END : null;
    };
  }
}
