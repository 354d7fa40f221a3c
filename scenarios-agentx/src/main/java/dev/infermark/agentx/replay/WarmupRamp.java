package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * When each warmup primer is sent (spec §3.5): a primer whose turn was recorded {@code lead} before
 * its lane's t* goes out {@code max_lead - lead} after warmup start, so every lane's t* lands at
 * the same moment. Leads are clamped to the system idle cap, so the ramp lasts at most that long.
 */
public final class WarmupRamp {
  private WarmupRamp() {}

  /**
   * @param leadsMs each primer's lead (ms); NaN when unknown (sent at 0)
   * @param capMs the clamp (the system idle cap); infinite for none
   * @param burst {@code burst-phase-starts}: every primer at 0
   * @return each primer's offset from warmup start (ms), in input order
   */
  public static List<Double> offsetsMs(List<Double> leadsMs, double capMs, boolean burst) {
    double max = 0;
    List<Double> clamped = new ArrayList<>(leadsMs.size());
    for (double lead : leadsMs) {
      double c = Double.isNaN(lead) ? Double.NaN : Math.max(0, Math.min(lead, capMs));
      clamped.add(c);
      if (!Double.isNaN(c)) {
        max = Math.max(max, c);
      }
    }
    List<Double> out = new ArrayList<>(clamped.size());
    for (double c : clamped) {
      out.add(burst || Double.isNaN(c) ? 0.0 : max - c);
    }
    return out;
  }
}
