package dev.infermark.agentperf.power;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A sampler that reads its source at a steady interval into a {@link SampleLog}; subclasses say
 * only how one reading is taken ({@link #readOnce()}: watts per accelerator).
 */
abstract sealed class PolledPower implements PowerSampler permits NvidiaSmiPower, PrometheusPower {
  private final String source;
  private final SampleLog log;

  PolledPower(String source, Duration interval, Consumer<String> logger) {
    this.source = source;
    // readOnce is called by the poller after start(), when the subclass is fully built.
    this.log = new SampleLog(this::readOnce, interval.toNanos(), logger);
  }

  /** One reading: watts per accelerator id. */
  abstract Map<String, Double> readOnce() throws Exception;

  @Override
  public void start() {
    log.start(source);
  }

  @Override
  public Optional<PowerSummary> summary(long fromNs, long toNs) {
    return Optional.ofNullable(PowerSummary.of(log.between(fromNs, toNs)));
  }

  @Override
  public Optional<PowerSummary> overall() {
    return Optional.ofNullable(PowerSummary.of(log.all()));
  }

  @Override
  public int failures() {
    return log.failures();
  }

  /** Takes one reading now (tests; the poller does the same). */
  void sampleNow() {
    log.sampleOnce();
  }

  @Override
  public void close() {
    log.close();
  }
}
