package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When each stream's first profiling request fires (spec §3.7). Spread (default): one global
 * minimum is subtracted from every pending offset, so the earliest request starts at once and all
 * relative gaps, within and across lanes, are kept. Burst ({@code burst-phase-starts}): each
 * lane's minimum is subtracted, so every lane starts at once.
 */
public final class StartAlignment {
  private StartAlignment() {}

  /**
   * @param offsetsMs each stream's offset after t* (or after the warmup handoff), ms
   * @param lanes each stream's lane, same order
   * @return each stream's delay from the profiling start, ms
   */
  public static List<Double> alignMs(List<Double> offsetsMs, List<Integer> lanes, boolean burst) {
    Map<Integer, Double> minByLane = new HashMap<>();
    double globalMin = Double.POSITIVE_INFINITY;
    for (int i = 0; i < offsetsMs.size(); i++) {
      minByLane.merge(lanes.get(i), offsetsMs.get(i), Math::min);
      globalMin = Math.min(globalMin, offsetsMs.get(i));
    }
    List<Double> out = new ArrayList<>(offsetsMs.size());
    for (int i = 0; i < offsetsMs.size(); i++) {
      double base = burst ? minByLane.get(lanes.get(i)) : globalMin;
      out.add(offsetsMs.get(i) - base);
    }
    return out;
  }
}
