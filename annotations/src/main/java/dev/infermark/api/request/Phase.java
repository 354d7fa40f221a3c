package dev.infermark.api.request;

/** The phase a request belongs to. Warmup records never enter profiling metrics. */
public enum Phase {
  WARMUP, PROFILING;

  /** The lower-case name used in artifacts ({@code warmup}, {@code profiling}). */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
