package dev.infermark.agentperf.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.infermark.agentperf.phase.PhaseResult;

/**
 * AA-AgentPerf's Pareto-frontier configuration (the seed's Kimi K3): instead of a capacity search
 * per tier, one phase at each agent count of a ramp, each under the same steady-state rules, every
 * phase judged against the tiers there are (none for Kimi K3). The ramp stops early at a phase that
 * did not meet its gates (more agents would not either) or at a cancel.
 */
public final class ParetoRamp {
  private final List<Tier> tiers;
  private final double maxErrorRate;
  private final List<Integer> counts;
  private final TierSearches.Runner runner;
  private final BooleanSupplier cancelled;
  private final List<PhaseResult> phases = new ArrayList<>();
  private final Map<Integer, Map<String, String>> verdicts = new LinkedHashMap<>();
  private boolean finished;
  private String stopped;

  public ParetoRamp(List<Tier> tiers, double maxErrorRate, List<Integer> counts, TierSearches.Runner runner,
      BooleanSupplier cancelled) {
    this.tiers = List.copyOf(tiers);
    this.maxErrorRate = maxErrorRate;
    this.counts = List.copyOf(counts);
    this.runner = runner;
    this.cancelled = cancelled;
  }

  /**
   * The ramp's agent counts: {@code explicit} when given, else from {@code start}, multiplied by
   * {@code factor} (at least one more each time), up to and including {@code max}.
   *
   * @throws IllegalArgumentException naming the setting of a count that is not positive
   */
  public static List<Integer> counts(List<Integer> explicit, int start, double factor, int max, String setting) {
    if (explicit != null && !explicit.isEmpty()) {
      for (int n : explicit) {
        if (n < 1) {
          throw new IllegalArgumentException(setting + ": agent counts must be positive, got " + n);
        }
      }
      return explicit.stream().distinct().sorted().toList();
    }
    List<Integer> out = new ArrayList<>();
    for (long n = start; n <= max; n = Math.max(n + 1, (long) Math.ceil(n * factor))) {
      out.add((int) n);
    }
    if (out.isEmpty() || out.getLast() != max) {
      out.add(max);
    }
    return out;
  }

  /** Runs the ramp's phases in order (stops early on cancel or an incomplete phase; {@link #stopped()} says why). */
  public ParetoRamp run() throws InterruptedException {
    for (int n : counts) {
      if (cancelled.getAsBoolean()) {
        stopped = "cancelled before the phase at " + n + " agents";
        return this;
      }
      PhaseResult p = runner.run(phases.size() + 1, n);
      phases.add(p);
      Map<String, String> v = new LinkedHashMap<>();
      for (Tier t : tiers) {
        v.put(t.name(), t.violation(p, maxErrorRate));
      }
      verdicts.put(p.index(), v);
      if (!p.complete()) {
        stopped = cancelled.getAsBoolean() ? "cancelled during the phase at " + n + " agents"
            : "the phase at " + n + " agents did not meet its gates (" + p.gates() + "): larger counts were not run";
        finished = !cancelled.getAsBoolean();
        return this;
      }
    }
    finished = true;
    return this;
  }

  public List<PhaseResult> phases() {
    return phases;
  }

  /** Per phase index, per tier: null when it passed, else why not. */
  public Map<Integer, Map<String, String>> verdicts() {
    return verdicts;
  }

  /** False after a cancel. */
  public boolean finished() {
    return finished;
  }

  /** Why the ramp ended before its last count, or {@code null}. */
  public String stopped() {
    return stopped;
  }
}
