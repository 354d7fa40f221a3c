package dev.infermark.traces.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.traces.format.TraceRequest.HashBlocks;

/**
 * AIPerf's {@code --synthesis-*} transforms of a flat trace, applied when it is loaded:
 * <ul>
 *   <li>{@code speedup}: timestamps divided by it;</li>
 *   <li>{@code prefixLen}: a hash-id request's shared prefix (its leading full blocks whose ids another request also
 *       has) scaled: block {@code j} of it becomes {@code floor((j+1)m) - floor(jm)} blocks, each with an id of its
 *       own derived from the original, so requests that shared {@code k} blocks share {@code floor(k m)};</li>
 *   <li>{@code promptLen}: the request's own tokens (after the shared prefix) scaled, rounded; new ids for them;</li>
 *   <li>{@code prefixRoot}: the prefix tree replicated {@code N} times, session {@code i}'s ids mapped into copy
 *       {@code i mod N} (copy 0 keeps the originals);</li>
 *   <li>{@code outputLen}: each output length scaled, rounded, at least 1 (0 stays 0).</li>
 * </ul>
 * A request without hash ids (BurstGPT's lengths) scales its whole prompt by {@code promptLen}.
 */
record Synthesis(double speedup, double prefixLen, int prefixRoot, double promptLen, double outputLen) {
  static final Synthesis NONE = new Synthesis(1, 1, 1, 1, 1);

  /** The run's transforms; a value that is not positive fails naming its setting. */
  static Synthesis of(Settings s) {
    return new Synthesis(positive(s, TraceKeys.SYNTHESIS_SPEEDUP_RATIO), positive(s, TraceKeys.SYNTHESIS_PREFIX_LEN_MULTIPLIER),
        (int) positive(s, TraceKeys.SYNTHESIS_PREFIX_ROOT_MULTIPLIER), positive(s, TraceKeys.SYNTHESIS_PROMPT_LEN_MULTIPLIER),
        positive(s, TraceKeys.SYNTHESIS_OUTPUT_LEN_MULTIPLIER));
  }

  private static double positive(Settings s, SettingKey<? extends Number> key) {
    double v = s.get(key).doubleValue();
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(key.property() + " must be above 0, got " + s.get(key));
    }
    return v;
  }

  boolean identity() {
    return equals(NONE);
  }

  /** The sessions transformed. */
  List<TraceSession> apply(List<TraceSession> sessions, int blockSize) {
    if (identity()) {
      return sessions;
    }
    Map<Integer, Integer> uses = new HashMap<>();
    int maxId = -1;
    for (TraceSession s : sessions) {
      for (TraceRequest r : s.requests()) {
        if (r.content() instanceof HashBlocks h) {
          for (int id : distinct(h.ids())) {
            uses.merge(id, 1, Integer::sum);
            maxId = Math.max(maxId, id);
          }
        }
      }
    }
    Ids ids = new Ids(maxId + 1);
    List<TraceSession> out = new ArrayList<>(sessions.size());
    for (int si = 0; si < sessions.size(); si++) {
      TraceSession s = sessions.get(si);
      List<TraceRequest> rs = new ArrayList<>(s.requests().size());
      for (TraceRequest r : s.requests()) {
        rs.add(request(r, si % prefixRoot, uses, ids, blockSize));
      }
      out.add(new TraceSession(s.id(), rs));
    }
    return out;
  }

  private TraceRequest request(TraceRequest r, int copy, Map<Integer, Integer> uses, Ids ids, int bs) {
    double ts = Double.isNaN(r.timestampMs()) ? r.timestampMs() : r.timestampMs() / speedup;
    Integer max = r.maxTokens() == null || r.maxTokens() == 0 ? r.maxTokens()
        : Integer.valueOf((int) Math.max(1, Math.round(r.maxTokens() * outputLen)));
    if (!(r.content() instanceof HashBlocks h) || r.inputTokens() < 0) {
      return r.with(ts, r.inputTokens(), max, r.content());
    }
    int[] old = h.ids();
    int in = r.inputTokens();
    int shared = 0;
    while (shared < old.length && shared < in / bs && uses.getOrDefault(old[shared], 0) >= 2) {
      shared++;
    }
    List<Integer> next = new ArrayList<>();
    for (int j = 0; j < shared; j++) {
      int n = (int) (Math.floor((j + 1) * prefixLen) - Math.floor(j * prefixLen));
      for (int k = 0; k < n; k++) {
        next.add(prefixLen == 1 ? ids.kept(old[j], copy) : ids.derived(old[j], k, copy, false));
      }
    }
    long prefixTokens = (long) next.size() * bs;
    long own = in - (long) shared * bs;
    long ownScaled = own > 0 ? Math.max(1, Math.round(own * promptLen)) : 0;
    int ownIds = old.length - shared;
    if (ownIds > 0) {
      // full coverage stays full (one id a block, the last covering the end); a prefix-only layout keeps its count
      long blocks = (ownScaled + bs - 1) / bs;
      long count = ownIds >= (own + bs - 1) / bs ? blocks : Math.min(ownIds, blocks);
      for (int k = 0; k < count; k++) {
        next.add(promptLen == 1 ? ids.kept(old[shared + k], copy) : ids.derived(old[shared], k, copy, true));
      }
    }
    long newIn = prefixTokens + ownScaled;
    if (newIn > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("synthesis makes a prompt of " + newIn + " tokens");
    }
    return r.with(ts, (int) newIn, max, new HashBlocks(next.stream().mapToInt(Integer::intValue).toArray()));
  }

  private static int[] distinct(int[] ids) {
    return java.util.Arrays.stream(ids).distinct().toArray();
  }

  /** New ids, each a fixed function of (original id, index, copy, part), above every original id. */
  private static final class Ids {
    private record Key(int id, int index, int copy, boolean own) {}

    private final Map<Key, Integer> assigned = new HashMap<>();
    private int next;

    Ids(int first) {
      this.next = first;
    }

    /** An id the transform keeps: itself in copy 0, its image in another copy. */
    int kept(int id, int copy) {
      return copy == 0 ? id : derived(id, 0, copy, false);
    }

    /** The id of sub-block {@code index} of {@code id}'s block (of the shared prefix, or the request's own part). */
    int derived(int id, int index, int copy, boolean own) {
      return assigned.computeIfAbsent(new Key(id, index, copy, own), k -> next++);
    }
  }
}
