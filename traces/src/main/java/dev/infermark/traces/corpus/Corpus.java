package dev.infermark.traces.corpus;

import java.util.List;

import dev.infermark.traces.prompt.PrefixCacheHits;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loaded trace or dataset, in the replay model every player reads (the trace replay, the agentic replay,
 * AA-AgentPerf's trajectories, the chat scenario): one {@link SessionTree} per trace or session, what each turn
 * sends, each request's theoretical prefix-cache hit, and the dataset metadata written into artifacts. Any
 * {@link dev.infermark.traces.format.TraceFormat} loads into it.
 *
 * @param datasetMetadata {@code metadata.dataset}: AIPerf's public-dataset provenance ({@code source_type:
 *     public_dataset}, {@code loader}, {@code hf_dataset_name}, {@code hf_split}) or a local file's
 * @param loader {@code weka_trace} | {@code weka_hf} | a {@code semianalysis_...} alias | {@code synthetic}
 * @param prefixCache every request's theoretical prefix-cache hit and total blocks
 * @param timestamps whether every tree's first request has a recorded timestamp (a fixed schedule can replay it)
 */
public record Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader,
    PrefixCacheHits.Table prefixCache, boolean timestamps) {
  public Corpus {
    trees = List.copyOf(trees);
  }

  /** A corpus of recorded traces (their requests have timestamps). */
  public Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader,
      PrefixCacheHits.Table prefixCache) {
    this(trees, prompts, datasetMetadata, loader, prefixCache, true);
  }

  /** A corpus without hash-id blocks (no theoretical prefix-cache hit). */
  public Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader) {
    this(trees, prompts, datasetMetadata, loader, PrefixCacheHits.Table.EMPTY);
  }

  /** Total number of requests over every stream of every tree. */
  public int requestCount() {
    int n = 0;
    for (SessionTree t : trees) {
      n += t.requestCount();
    }
    return n;
  }
}
