package dev.infermark.traces.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusKeys;
import dev.infermark.traces.format.TraceRequest.HashBlocks;
import dev.infermark.traces.format.TraceRequest.Messages;
import dev.infermark.traces.prompt.BlockPrompts;
import dev.infermark.traces.prompt.PrefixCacheHits;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/** Builds the replay model of a flat format's sessions ({@link TraceLoad#corpus}). */
final class FlatCorpus {
  private static final System.Logger LOG = System.getLogger(FlatCorpus.class.getName());

  private FlatCorpus() {}

  static Corpus build(TraceLoad load, TraceFile file, List<TraceSession> read, String loader, int blockSize) {
    List<TraceSession> sessions = window(load, read);
    if (sessions.isEmpty()) {
      throw new IllegalArgumentException(file.path() + ": no request left to replay (" + read.size() + " sessions read"
          + (read.isEmpty() ? ")" : "; fixed-schedule-start-offset " + load.settings().get(TraceKeys.FIXED_SCHEDULE_START_OFFSET)
              + " and fixed-schedule-end-offset " + load.settings().get(TraceKeys.FIXED_SCHEDULE_END_OFFSET)
              + " ms leave none)"));
    }
    Integer cap = load.settings().get(Keys.NUM_DATASET_ENTRIES);
    if (cap != null) {
      if (cap <= 0) {
        throw new IllegalArgumentException(Keys.NUM_DATASET_ENTRIES.property() + " must be > 0, got " + cap);
      }
      sessions = sessions.subList(0, Math.min(cap, sessions.size()));
    }
    sessions = Synthesis.of(load.settings()).apply(sessions, blockSize);
    sessions = capOutput(sessions, load.settings().get(CorpusKeys.SYNTHESIS_MAX_OSL));

    Set<String> ids = new HashSet<>();
    boolean blocks = false;
    boolean timestamps = true;
    List<SessionTree> trees = new ArrayList<>(sessions.size());
    Map<String, List<TraceRequest>> bySession = new LinkedHashMap<>();
    for (TraceSession s : sessions) {
      if (!ids.add(s.id())) {
        throw new IllegalArgumentException(file.path() + ": session id '" + s.id() + "' is used twice");
      }
      boolean live = s.requests().getFirst().content() instanceof Messages m && m.live();
      List<ReplayTurn> turns = new ArrayList<>(s.requests().size());
      double ts = 0;
      for (int k = 0; k < s.requests().size(); k++) {
        TraceRequest r = s.requests().get(k);
        if ((r.content() instanceof Messages m && m.live()) != live) {
          throw new IllegalArgumentException(file.path() + ": session " + s.id() + " request " + k + " mixes conversation "
              + "turns (answers threaded in) with recorded prompts");
        }
        if (r.content() instanceof HashBlocks h) {
          blocks = true;
          if (h.ids().length > (r.inputTokens() + (long) blockSize - 1) / blockSize) {
            throw new IllegalArgumentException(file.path() + ": session " + s.id() + " request " + k + ": "
                + h.ids().length + " hash ids for " + r.inputTokens() + " input tokens: at block size " + blockSize
                + " the prompt has only " + (r.inputTokens() + blockSize - 1) / blockSize
                + " blocks (is the trace's block size larger? set prompt-input-tokens-block-size)");
          }
        }
        double delay = Double.isNaN(r.delayMs()) || k == 0 ? 0 : r.delayMs();
        if (!Double.isNaN(r.timestampMs())) {
          ts = r.timestampMs();
        } else if (k == 0) {
          timestamps = false;
          ts = 0;
        } else {
          ts += delay; // sent `delay` after the previous answer: no earlier than this
        }
        turns.add(new ReplayTurn(k, ts, delay, r.maxTokens() == null ? -1 : r.maxTokens(), r.model(), r.inputTokens(),
            List.of(), null, k, -1));
      }
      trees.add(new SessionTree(s.id(), new ReplayStream(s.id(), true, 0, null, null, turns), List.of(), List.of()));
      bySession.put(s.id(), s.requests());
    }
    BlockPrompts prompts = blocks ? new BlockPrompts(load.tokenizer(), load.seed(), loader, blockSize) : null;
    ObjectNode meta = Json.object();
    meta.put("source_type", "file");
    meta.put("loader", loader);
    meta.put("input_file", file.path().toString());
    meta.put("num_dataset_entries", sessions.size());
    if (blocks) {
      meta.put("block_size", blockSize);
    }
    return new Corpus(trees, new FlatPrompts(bySession, prompts), meta, loader, blocks ? hits(trees, bySession)
        : PrefixCacheHits.Table.EMPTY, timestamps);
  }

  /** Rows outside the fixed schedule's window dropped; sessions left empty dropped. */
  private static List<TraceSession> window(TraceLoad load, List<TraceSession> sessions) {
    List<TraceSession> out = new ArrayList<>(sessions.size());
    int dropped = 0;
    for (TraceSession s : sessions) {
      List<TraceRequest> kept = s.requests().stream().filter(r -> load.inWindow(r.timestampMs())).toList();
      dropped += s.requests().size() - kept.size();
      if (!kept.isEmpty()) {
        out.add(kept.size() == s.requests().size() ? s : new TraceSession(s.id(), kept));
      }
    }
    if (dropped > 0) {
      LOG.log(System.Logger.Level.INFO, "fixed-schedule offsets: {0} requests outside [{1}, {2}] ms dropped", dropped,
          load.settings().get(TraceKeys.FIXED_SCHEDULE_START_OFFSET), load.settings().get(TraceKeys.FIXED_SCHEDULE_END_OFFSET));
    }
    return out;
  }

  private static List<TraceSession> capOutput(List<TraceSession> sessions, Integer maxOsl) {
    if (maxOsl == null) {
      return sessions;
    }
    if (maxOsl <= 0) {
      throw new IllegalArgumentException(CorpusKeys.SYNTHESIS_MAX_OSL.property() + " must be > 0, got " + maxOsl);
    }
    List<TraceSession> out = new ArrayList<>(sessions.size());
    for (TraceSession s : sessions) {
      out.add(new TraceSession(s.id(), s.requests().stream().map(r -> r.maxTokens() == null || r.maxTokens() <= maxOsl ? r
          : r.with(r.timestampMs(), r.inputTokens(), maxOsl, r.content())).toList()));
    }
    return out;
  }

  /**
   * Every hash-id request's theoretical hit in an ideal, unbounded cache shared by the whole file (its ids are
   * global): requests visited in timestamp order, then file order.
   */
  private static PrefixCacheHits.Table hits(List<SessionTree> trees, Map<String, List<TraceRequest>> bySession) {
    record Visit(double ts, int order, String session, int turn, int[] ids) {}
    List<Visit> visits = new ArrayList<>();
    for (SessionTree t : trees) {
      List<TraceRequest> rs = bySession.get(t.traceId());
      for (int k = 0; k < rs.size(); k++) {
        if (rs.get(k).content() instanceof HashBlocks h) {
          visits.add(new Visit(t.root().turns().get(k).timestampMs(), visits.size(), t.traceId(), k, h.ids()));
        }
      }
    }
    visits.sort(Comparator.comparingDouble(Visit::ts).thenComparingInt(Visit::order));
    PrefixCacheHits.Seen seen = new PrefixCacheHits.Seen();
    PrefixCacheHits.Table.Builder table = PrefixCacheHits.Table.builder();
    for (Visit v : visits) {
      table.put(v.session(), v.turn(), seen.visit(v.ids()), v.ids().length);
    }
    return table.build();
  }
}
