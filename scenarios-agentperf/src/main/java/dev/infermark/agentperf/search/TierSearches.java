package dev.infermark.agentperf.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.sweep.LimitSearch;

/**
 * Runs the capacity search of every tier in turn, running phases through a {@link Runner}. A phase
 * already run at the same agent count is reused by later tiers when {@code reusePhases} is on (one
 * deployment, one measurement); every phase is judged against every tier and recorded.
 */
public final class TierSearches {
  /** Runs phase {@code index} (from 1) at {@code agents} agents. */
  @FunctionalInterface
  public interface Runner {
    PhaseResult run(int index, int agents) throws InterruptedException;
  }

  /** Thrown out of a probe when the run is cancelled between phases. */
  static final class Cancelled extends RuntimeException {
    Cancelled() {
      super("cancelled", null, false, false);
    }
  }

  private final List<Tier> tiers;
  private final LimitSearch search;
  private final double maxErrorRate;
  private final boolean reusePhases;
  private final Runner runner;
  private final BooleanSupplier cancelled;
  private final List<PhaseResult> phases = new ArrayList<>();
  private final Map<Integer, PhaseResult> byAgents = new HashMap<>();
  private final Map<Integer, Map<String, String>> verdicts = new LinkedHashMap<>();
  private final List<TierResult> results = new ArrayList<>();
  private boolean finished;

  public TierSearches(List<Tier> tiers, LimitSearch search, double maxErrorRate, boolean reusePhases, Runner runner,
      BooleanSupplier cancelled) {
    this.tiers = List.copyOf(tiers);
    this.search = search;
    this.maxErrorRate = maxErrorRate;
    this.reusePhases = reusePhases;
    this.runner = runner;
    this.cancelled = cancelled;
  }

  /** Runs every tier's search (stops early on cancel; {@link #finished()} says which). */
  public TierSearches run() throws InterruptedException {
    try {
      for (Tier tier : tiers) {
        Map<Integer, PhaseResult> mine = new HashMap<>();
        LimitSearch.Outcome out = search.run(v -> {
          int n = (int) v;
          PhaseResult p = phaseAt(n);
          mine.put(n, p);
          return verdicts.get(p.index()).get(tier.name()) == null;
        });
        results.add(new TierResult(tier, out, out.found() ? mine.get((int) out.largestPass()) : null));
      }
      finished = true;
    } catch (Cancelled c) {
      finished = false;
    }
    return this;
  }

  private PhaseResult phaseAt(int agents) throws InterruptedException {
    PhaseResult p = reusePhases ? byAgents.get(agents) : null;
    if (p == null) {
      if (cancelled.getAsBoolean()) {
        throw new Cancelled();
      }
      p = runner.run(phases.size() + 1, agents);
      phases.add(p);
      byAgents.put(agents, p);
      Map<String, String> v = new LinkedHashMap<>();
      for (Tier t : tiers) {
        v.put(t.name(), t.violation(p, maxErrorRate));
      }
      verdicts.put(p.index(), v);
      if (!p.complete() && cancelled.getAsBoolean()) {
        throw new Cancelled();
      }
    }
    return p;
  }

  public List<PhaseResult> phases() {
    return phases;
  }

  /** Per phase index, per tier: null when it passed, else why not. */
  public Map<Integer, Map<String, String>> verdicts() {
    return verdicts;
  }

  /** One result per tier whose search finished. */
  public List<TierResult> results() {
    return results;
  }

  public boolean finished() {
    return finished;
  }
}
