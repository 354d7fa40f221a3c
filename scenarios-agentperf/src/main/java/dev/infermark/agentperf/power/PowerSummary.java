package dev.infermark.agentperf.power;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Power over a span of time.
 *
 * @param samples readings in the span
 * @param accelerators accelerators seen
 * @param meanTotalWatts mean over readings of the total power
 * @param maxTotalWatts highest total power
 * @param meanWattsByAccelerator mean power per accelerator id
 */
public record PowerSummary(int samples, int accelerators, double meanTotalWatts, double maxTotalWatts,
    Map<String, Double> meanWattsByAccelerator) {

  /** The summary of {@code samples}, or {@code null} when there are none. */
  public static PowerSummary of(List<PowerSample> samples) {
    if (samples.isEmpty()) {
      return null;
    }
    Map<String, double[]> sums = new TreeMap<>();
    double total = 0;
    double max = 0;
    for (PowerSample s : samples) {
      double t = s.totalWatts();
      total += t;
      max = Math.max(max, t);
      s.watts().forEach((id, w) -> {
        double[] a = sums.computeIfAbsent(id, k -> new double[2]);
        a[0] += w;
        a[1]++;
      });
    }
    Map<String, Double> means = new TreeMap<>();
    sums.forEach((id, a) -> means.put(id, a[0] / a[1]));
    return new PowerSummary(samples.size(), means.size(), total / samples.size(), max, means);
  }
}
