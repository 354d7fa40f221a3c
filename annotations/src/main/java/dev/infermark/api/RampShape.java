package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.Locale;

import dev.infermark.api.status.API;

/** How a ramped quantity (a request rate, a concurrency) grows from its start to its target over the ramp. */
@API(status = STABLE, since = "0.2")
public enum RampShape {
  /** In a straight line: {@code from + (to − from)·t/T}. */
  LINEAR,
  /** By a constant factor per unit of time: {@code from·(to/from)^(t/T)} (a start above 0 is required). */
  EXPONENTIAL;

  /** The setting's spelling: {@code linear}, {@code exponential}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
