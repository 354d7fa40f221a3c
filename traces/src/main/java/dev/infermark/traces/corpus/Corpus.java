package dev.infermark.traces.corpus;

import java.util.List;

import dev.infermark.hub.HfHub;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.prompt.PrefixCacheHits;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loaded AgentX corpus: one {@link SessionTree} per trace, the prompts to send for each turn,
 * and the dataset metadata written into artifacts.
 *
 * @param datasetMetadata {@code metadata.dataset}: AIPerf's public-dataset provenance ({@code source_type:
 *     public_dataset}, {@code loader}, {@code hf_dataset_name}, {@code hf_split}) or a local file's
 * @param loader {@code weka_trace} | {@code weka_hf} | a {@code semianalysis_...} alias | {@code synthetic}
 * @param prefixCache every request's theoretical prefix-cache hit and total blocks
 */
public record Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader,
    PrefixCacheHits.Table prefixCache) {
  public Corpus {
    trees = List.copyOf(trees);
  }

  /** A corpus without hash-id blocks (no theoretical prefix-cache hit). */
  public Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader) {
    this(trees, prompts, datasetMetadata, loader, PrefixCacheHits.Table.EMPTY);
  }

  /**
   * Loads the corpus the settings select ({@code input-file}, {@code hf-weka-dataset} or
   * {@code public-dataset}), applies {@code max-context-length}, {@code num-dataset-entries} and the
   * model mapping, and builds prompts under {@code tokenizer}.
   *
   * @throws IllegalArgumentException naming the bad setting, file, row or field
   */
  public static Corpus load(Settings settings, HfHub hub, Tokenizer tokenizer, long seed) {
    return CorpusLoader.load(settings, hub, tokenizer, seed);
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
