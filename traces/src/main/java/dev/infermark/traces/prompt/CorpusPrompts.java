package dev.infermark.traces.prompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.memo.LruMemo;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

/**
 * The {@link PromptSource} of a corpus: one {@link StreamPrompts} per stream, all cut from one
 * {@link TokenCorpus}. Immutable once built, so thread-safe.
 */
public final class CorpusPrompts implements PromptSource {
  private final TokenCorpus corpus;
  private final long seed;
  private final Integer blockSizeOverride;
  private final Map<String, StreamPrompts> streams = new ConcurrentHashMap<>();
  /**
   * The streams' segment texts as escaped for a request body, a sixteenth of the heap at most: a
   * turn re-sends its conversation's earlier messages, and every play of a trace sends the same ones.
   */
  private final LruMemo<Object, byte[]> escaped = new LruMemo<>(LruMemo.heapShare(16), (node, bytes) -> 64L + bytes.length);

  /**
   * @param seed the run's random seed: fixes block text
   * @param blockSizeOverride {@code prompt-input-tokens-block-size}, or null to use each trace's
   */
  public CorpusPrompts(TokenCorpus corpus, long seed, Integer blockSizeOverride) {
    this.corpus = corpus;
    this.seed = seed;
    this.blockSizeOverride = blockSizeOverride;
  }

  public TokenCorpus corpus() {
    return corpus;
  }

  /** Plans every stream of one tree built from {@code trace}. */
  public void add(WekaTrace trace, SessionTree tree) {
    int bs = blockSizeOverride != null ? blockSizeOverride : trace.blockSize() > 0 ? trace.blockSize() : 64;
    BlockSeeds seeds = new BlockSeeds(seed, trace.id());
    plan(trace, tree.root(), bs, seeds);
    for (ReplayStream c : tree.children()) {
      plan(trace, c, bs, seeds);
    }
  }

  private void plan(WekaTrace trace, ReplayStream stream, int bs, BlockSeeds seeds) {
    List<WekaRequest> requests = new ArrayList<>(stream.turns().size());
    int prefix = trace.toolTokens() + trace.systemTokens();
    boolean splitOff = false;
    for (ReplayTurn t : stream.turns()) {
      WekaEntry e = trace.requests().get(t.sourceOuterIndex());
      if (t.sourceInnerIndex() < 0) {
        requests.add((WekaRequest) e);
        splitOff = !stream.root(); // a parent-level chain ({trace}::fa:NNN, ::aux:NNN, ::wg:GGG_MMM)
      } else {
        WekaSubagent s = (WekaSubagent) e;
        requests.add(s.requests().get(t.sourceInnerIndex()));
        prefix = s.toolTokens() + s.systemTokens();
        splitOff = !stream.sessionId().equals(trace.id() + "::sa:" + s.agentId());
      }
    }
    // A chain split off a sub-agent entry (aux call, fork) may not carry the entry's tool+system
    // prefix; it gets a system message only when its first request recorded enough blocks.
    if (splitOff && !requests.isEmpty() && (prefix + bs - 1) / bs > requests.getFirst().hashIds().size()) {
      prefix = 0;
    }
    if (streams.putIfAbsent(stream.sessionId(), StreamPrompts.plan(stream.sessionId(), requests, prefix, bs, seeds, corpus, escaped)) != null) {
      throw new IllegalArgumentException("duplicate session id " + stream.sessionId());
    }
  }

  /** The prompts of one stream. */
  public StreamPrompts stream(String sessionId) {
    StreamPrompts p = streams.get(sessionId);
    if (p == null) {
      throw new IllegalArgumentException("no prompts for session " + sessionId);
    }
    return p;
  }

  @Override
  public List<ChatMessage> messages(ReplayStream stream, int turnIndex) {
    return stream(stream.sessionId()).messages(turnIndex);
  }

  /** Number of planned streams. */
  public int streamCount() {
    return streams.size();
  }
}
