package dev.infermark.agentperf.power;

import java.util.Map;

/**
 * One reading of every accelerator's power.
 *
 * @param nanos when it was taken ({@code System.nanoTime()})
 * @param watts power per accelerator id (GPU die plus memory where the source reports both)
 */
public record PowerSample(long nanos, Map<String, Double> watts) {
  public PowerSample {
    watts = Map.copyOf(watts);
  }

  /** The sum over accelerators. */
  public double totalWatts() {
    return watts.values().stream().mapToDouble(Double::doubleValue).sum();
  }
}
