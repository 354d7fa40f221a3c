package dev.infermark.traces.prompt;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * AIPerf's {@code theoretical_prefix_cache_hit} over the profiling phase: every successful
 * profiling request whose tags carry {@code source_trace_id}, {@code source_outer_idx} and {@code source_inner_idx}
 * adds its trace request's hit and total hash-id blocks (an ideal, unbounded
 * cache, {@link PrefixCacheHits}); a recycled tree adds its counts again, as AIPerf does. The
 * result is {@code {"unit": "%", "avg": 100 × hits / blocks, "count": blocks, "sum": hit blocks}}.
 * Thread-safe; fed from the request threads.
 */
public final class TheoreticalPrefixCache {
  /** The metric's tag in {@code profile_export_aiperf.json}. */
  public static final String TAG = "theoretical_prefix_cache_hit";

  private final PrefixCacheHits.Table table;
  private long hitBlocks;
  private long totalBlocks;

  public TheoreticalPrefixCache(PrefixCacheHits.Table table) {
    this.table = table;
  }

  /** Counts a finished request: a successful profiling one whose tags name its trace request. */
  public void accept(RequestRecord r) {
    RequestTags t = r.tags();
    if (!r.ok() || r.phase() != Phase.PROFILING || t == null || Boolean.TRUE.equals(t.extra().get("context_overflow_skip"))
        || !(t.extra().get("source_trace_id") instanceof String trace)
        || !(t.extra().get("source_outer_idx") instanceof Integer outer)
        || !(t.extra().get("source_inner_idx") instanceof Integer inner)) {
      return;
    }
    int[] counts = table.lookup(trace, outer, inner);
    if (counts == null || counts[1] <= 0) {
      return;
    }
    synchronized (this) {
      hitBlocks += Math.max(0, Math.min(counts[0], counts[1]));
      totalBlocks += counts[1];
    }
  }

  /** The metric entry, or {@code null} when no profiling request had blocks (absent, not 0). */
  public synchronized ObjectNode json() {
    if (totalBlocks <= 0) {
      return null;
    }
    ObjectNode o = Json.object();
    o.put("unit", "%");
    o.put("avg", 100.0 * hitBlocks / totalBlocks);
    o.put("count", totalBlocks);
    o.put("sum", hitBlocks);
    return o;
  }
}
