package dev.infermark.agentperf.power;

import java.util.Optional;

/** No power measurement: every power and per-MW figure is absent. */
public final class NoPower implements PowerSampler {
  @Override
  public void start() {}

  @Override
  public Optional<PowerSummary> summary(long fromNs, long toNs) {
    return Optional.empty();
  }

  @Override
  public Optional<PowerSummary> overall() {
    return Optional.empty();
  }

  @Override
  public int failures() {
    return 0;
  }

  @Override
  public String describe() {
    return "none";
  }

  @Override
  public void close() {}
}
