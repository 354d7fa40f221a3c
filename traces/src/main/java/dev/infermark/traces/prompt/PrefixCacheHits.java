package dev.infermark.traces.prompt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

/**
 * The theoretical prefix-cache hit of each request of a trace (spec §2.8, optional metric): visiting
 * requests in time order (parent and sub-agent), the hit is the leading run of its hash ids already
 * seen in the trace, as tokens ({@code hits × block_size}), over its {@code in}. An upper bound for
 * an ideal, unbounded prefix cache. AIPerf reports the same per-request counts as the run's
 * {@code theoretical_prefix_cache_hit} (hit blocks over blocks sent, in percent).
 */
public final class PrefixCacheHits {
  /** One request's theoretical hit: {@code totalBlocks} is its number of hash ids. */
  public record Hit(int outerIndex, int innerIndex, int hitBlocks, int totalBlocks, int inputTokens, double ratio) {}

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
    Seen seen = new Seen();
    List<Hit> out = new ArrayList<>(visits.size());
    for (Visit v : visits) {
      int[] ids = v.r().hashIds().toArray();
      int hits = seen.visit(ids);
      int in = v.r().in();
      double ratio = in == 0 ? 0 : Math.min(1.0, (double) hits * trace.blockSize() / in);
      out.add(new Hit(v.outer(), v.inner(), hits, ids.length, in, ratio));
    }
    return out;
  }

  /**
   * The ideal cache's memory, visited in time order: a request's hit is the leading run of its ids already seen,
   * then all its ids are seen. One per id scope (a Weka trace's local ids; a Mooncake file's global ones).
   */
  public static final class Seen {
    private final Set<Integer> seen = new HashSet<>();

    /** The hit blocks of a request with these ids, which are then seen. */
    public int visit(int[] ids) {
      int hits = 0;
      while (hits < ids.length && seen.contains(ids[hits])) {
        hits++;
      }
      for (int id : ids) {
        seen.add(id);
      }
      return hits;
    }
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

  /**
   * The hit and total blocks of every request of a corpus, looked up by trace id and the request's
   * place in its trace ({@code source_outer_idx}, {@code source_inner_idx}); built once, read by
   * every recorded request.
   */
  public static final class Table {
    /** A table with no request (a corpus without hash ids, or tests). */
    public static final Table EMPTY = new Table(Map.of());

    // per trace, per outer index: [inner + 1] = hit << 32 | total (a top-level request has one slot)
    private final Map<String, long[][]> byTrace;

    private Table(Map<String, long[][]> byTrace) {
      this.byTrace = byTrace;
    }

    public static Table of(Collection<WekaTrace> traces) {
      Map<String, long[][]> m = new HashMap<>();
      for (WekaTrace t : traces) {
        List<WekaEntry> entries = t.requests();
        long[][] slots = new long[entries.size()][];
        for (int i = 0; i < slots.length; i++) {
          slots[i] = new long[entries.get(i) instanceof WekaSubagent s ? s.requests().size() + 1 : 1];
          Arrays.fill(slots[i], -1);
        }
        for (Hit h : PrefixCacheHits.of(t)) {
          slots[h.outerIndex()][h.innerIndex() + 1] = (long) h.hitBlocks() << 32 | h.totalBlocks();
        }
        m.put(t.id(), slots);
      }
      return new Table(m);
    }

    /** A table built request by request (formats whose requests are not Weka traces'). */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a table from each request's counts; every trace's outer indices are its requests', inner -1. */
    public static final class Builder {
      private final Map<String, List<Long>> byTrace = new HashMap<>();

      /** The hit and total blocks of request {@code outerIndex} (a top-level request) of {@code traceId}. */
      public Builder put(String traceId, int outerIndex, int hitBlocks, int totalBlocks) {
        List<Long> slots = byTrace.computeIfAbsent(traceId, k -> new ArrayList<>());
        while (slots.size() <= outerIndex) {
          slots.add(-1L);
        }
        slots.set(outerIndex, (long) hitBlocks << 32 | totalBlocks);
        return this;
      }

      public Table build() {
        Map<String, long[][]> m = new HashMap<>();
        byTrace.forEach((trace, slots) -> {
          long[][] t = new long[slots.size()][];
          for (int i = 0; i < t.length; i++) {
            t[i] = new long[] {slots.get(i)};
          }
          m.put(trace, t);
        });
        return new Table(m);
      }
    }

    /** {@code {hitBlocks, totalBlocks}} of one request, or {@code null} when the table does not have it. */
    public int[] lookup(String traceId, int outerIndex, int innerIndex) {
      long[][] slots = byTrace.get(traceId);
      if (slots == null || outerIndex < 0 || outerIndex >= slots.length || innerIndex + 1 < 0
          || innerIndex + 1 >= slots[outerIndex].length) {
        return null;
      }
      long v = slots[outerIndex][innerIndex + 1];
      return v < 0 ? null : new int[] {(int) (v >>> 32), (int) v};
    }
  }
}
