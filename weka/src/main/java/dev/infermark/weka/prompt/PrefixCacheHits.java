package dev.infermark.weka.prompt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.infermark.weka.trace.WekaEntry;
import dev.infermark.weka.trace.WekaRequest;
import dev.infermark.weka.trace.WekaSubagent;
import dev.infermark.weka.trace.WekaTrace;

/**
 * The theoretical prefix-cache hit of each request of a trace (spec §2.8, optional metric): visiting
 * requests in time order (parent and sub-agent), the hit is the leading run of its hash ids already
 * seen in the trace, as tokens ({@code hits × block_size}), over its {@code in}. An upper bound for
 * an ideal, unbounded prefix cache.
 */
public final class PrefixCacheHits {
  /** One request's theoretical hit. */
  public record Hit(int outerIndex, int innerIndex, int hitBlocks, int inputTokens, double ratio) {}

  private PrefixCacheHits() {}

  /** Hits of every request, in visiting order (t, then outer index, then inner index). */
  public static List<Hit> of(WekaTrace trace) {
    record Visit(double t, int outer, int inner, WekaRequest r) {}
    List<Visit> visits = new ArrayList<>();
    List<WekaEntry> entries = trace.requests();
    for (int i = 0; i < entries.size(); i++) {
      switch (entries.get(i)) {
        case WekaRequest r -> visits.add(new Visit(r.t(), i, -1, r));
        case WekaSubagent s -> {
          for (int k = 0; k < s.requests().size(); k++) {
            visits.add(new Visit(s.requests().get(k).t(), i, k, s.requests().get(k)));
          }
        }
      }
    }
    visits.sort(Comparator.comparingDouble(Visit::t).thenComparingInt(Visit::outer).thenComparingInt(Visit::inner));
    Set<Integer> seen = new HashSet<>();
    List<Hit> out = new ArrayList<>(visits.size());
    for (Visit v : visits) {
      int[] ids = v.r().hashIds().toArray();
      int hits = 0;
      while (hits < ids.length && seen.contains(ids[hits])) {
        hits++;
      }
      for (int id : ids) {
        seen.add(id);
      }
      int in = v.r().in();
      double ratio = in == 0 ? 0 : Math.min(1.0, (double) hits * trace.blockSize() / in);
      out.add(new Hit(v.outer(), v.inner(), hits, in, ratio));
    }
    return out;
  }

  /** Token-weighted hit ratio over the whole trace: sum of hit tokens over sum of input tokens. */
  public static double overall(WekaTrace trace) {
    long hit = 0;
    long in = 0;
    for (Hit h : of(trace)) {
      hit += Math.min((long) h.hitBlocks() * trace.blockSize(), h.inputTokens());
      in += h.inputTokens();
    }
    return in == 0 ? 0 : (double) hit / in;
  }
}
