package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/** The phase a request belongs to. Warmup records never enter profiling metrics. */
@API(status = STABLE, since = "0.1")
public enum Phase {
  WARMUP, PROFILING;

  /** The lower-case name used in artifacts ({@code warmup}, {@code profiling}). */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
