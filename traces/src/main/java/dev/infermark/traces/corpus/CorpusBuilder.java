package dev.infermark.traces.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.prompt.CorpusPrompts;
import dev.infermark.traces.prompt.PrefixCacheHits;
import dev.infermark.traces.prompt.TokenCorpus;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.topology.TopologyBuilder;
import dev.infermark.traces.topology.TopologyOptions;
import dev.infermark.traces.weka.WekaTrace;
import tools.jackson.databind.node.ObjectNode;

/** Builds a {@link Corpus} from parsed traces: session trees plus planned prompts for every stream. */
public final class CorpusBuilder {
  private static final System.Logger LOG = System.getLogger(CorpusBuilder.class.getName());

  private CorpusBuilder() {}

  /**
   * @param blockSizeOverride {@code prompt-input-tokens-block-size}, or null for each trace's own
   * @throws IllegalArgumentException for duplicate trace ids, duplicate sub-agent ids, or a trace
   *     whose prompts cannot be reconstructed (the message names the trace)
   */
  public static Corpus build(List<WekaTrace> traces, TopologyOptions options, Tokenizer tokenizer, long seed,
      Integer blockSizeOverride, ObjectNode metadata, String loader) {
    if (blockSizeOverride != null && blockSizeOverride <= 0) {
      throw new IllegalArgumentException("infermark.prompt-input-tokens-block-size must be > 0, got " + blockSizeOverride);
    }
    java.util.Objects.requireNonNull(tokenizer, "AgentX prompt reconstruction needs the run's tokenizer (infermark.tokenizer)");
    CorpusPrompts prompts = new CorpusPrompts(TokenCorpus.build(tokenizer, seed), seed, blockSizeOverride);
    List<SessionTree> trees = new ArrayList<>(traces.size());
    List<WekaTrace> kept = new ArrayList<>(traces.size());
    Set<String> ids = new HashSet<>();
    for (WekaTrace t : traces) {
      if (!ids.add(t.id())) {
        throw new IllegalArgumentException("duplicate trace id '" + t.id() + "' in the corpus");
      }
      SessionTree tree = TopologyBuilder.build(t, options);
      if (tree.requestCount() == 0) {
        LOG.log(System.Logger.Level.WARNING, "trace {0} has no replayable request: skipped", t.id());
        continue;
      }
      try {
        prompts.add(t, tree);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("trace " + t.id() + ": " + e.getMessage(), e);
      }
      trees.add(tree);
      kept.add(t);
    }
    return new Corpus(trees, prompts, metadata, loader, PrefixCacheHits.Table.of(kept));
  }
}
