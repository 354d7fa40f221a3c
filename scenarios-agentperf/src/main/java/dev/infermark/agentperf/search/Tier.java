package dev.infermark.agentperf.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.api.Metric;
import dev.infermark.slo.SloSpec;

/**
 * An SLO tier: the per-request objectives every phase is judged by, and optionally the number of
 * agents the deployment must support in it ({@code supported_agents} minimum).
 *
 * @param name the tier's name ({@code SLO #1})
 * @param criteria the objectives a phase must meet
 * @param minSupportedAgents the required capacity, or NaN when none is required
 */
public record Tier(String name, List<Criterion> criteria, double minSupportedAgents) {
  /** The metric name of the capacity result. */
  public static final String SUPPORTED_AGENTS = Metric.SUPPORTED_AGENTS.tag();

  public Tier {
    criteria = List.copyOf(criteria);
    if (criteria.isEmpty()) {
      throw new IllegalArgumentException("tier '" + name + "' has no per-request objective (e.g. @Slo(tier=\"" + name
          + "\", metric = Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER, stat = Stat.P25, min = 20), or @SloTier)");
    }
  }

  /**
   * Whether a phase passes this tier: the phase met its gates, at most {@code maxErrorRate} of its
   * window requests failed, and every objective holds. Null when it passes, else why not.
   */
  public String violation(PhaseResult phase, double maxErrorRate) {
    if (!phase.complete()) {
      return "phase incomplete (gates not met: " + phase.gates() + ")";
    }
    if (phase.stats().requests() == 0) {
      return "no request in the steady-state window";
    }
    double er = phase.stats().errorRate();
    if (er > maxErrorRate) {
      return String.format(Locale.ROOT, "error rate %.4f > %s", er, maxErrorRate);
    }
    List<String> bad = new ArrayList<>();
    for (Criterion c : criteria) {
      String v = c.violation(phase.stats());
      if (v != null) {
        bad.add(v);
      }
    }
    return bad.isEmpty() ? null : String.join("; ", bad);
  }

  /** The tiers among {@code slos}, in order of first appearance (objectives without a tier are ignored). */
  public static List<Tier> fromSlos(List<SloSpec> slos) {
    Map<String, List<Criterion>> criteria = new LinkedHashMap<>();
    Map<String, Double> minAgents = new LinkedHashMap<>();
    for (SloSpec s : slos) {
      if (s.tier().isEmpty()) {
        continue;
      }
      criteria.computeIfAbsent(s.tier(), k -> new ArrayList<>());
      if (s.metric().equals(SUPPORTED_AGENTS)) {
        minAgents.put(s.tier(), s.min());
      } else {
        criteria.get(s.tier()).add(new Criterion(s.metric(), s.stat(), s.min(), s.max(), s.unit()));
      }
    }
    List<Tier> out = new ArrayList<>();
    criteria.forEach((name, list) -> out.add(new Tier(name, list, minAgents.getOrDefault(name, Double.NaN))));
    return out;
  }

  /**
   * Tiers from {@code SPEED:TTFT} pairs ({@code 20:10} = P25 output speed at least 20 tokens/s and
   * P95 TTFT at most 10 s), named {@code SLO #1}, {@code SLO #2}, ...
   *
   * @throws IllegalArgumentException naming the setting and the bad pair
   */
  public static List<Tier> fromSpec(List<String> pairs, String setting) {
    List<Tier> out = new ArrayList<>();
    for (String p : pairs) {
      String[] parts = p.split(":");
      try {
        if (parts.length != 2) {
          throw new NumberFormatException();
        }
        double speed = Double.parseDouble(parts[0].trim());
        double ttft = Double.parseDouble(parts[1].trim());
        out.add(new Tier("SLO #" + (out.size() + 1), List.of(Criterion.minOutputSpeed(speed), Criterion.maxTtftSeconds(ttft)),
            Double.NaN));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(setting + ": '" + p + "' is not SPEED:TTFT (e.g. 20:10 for P25 output speed "
            + ">= 20 tokens/s and P95 TTFT <= 10 s)");
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(setting + " is empty: give the tiers as SPEED:TTFT pairs, e.g. 20:10,60:5");
    }
    return out;
  }
}
