package dev.infermark.weka.corpus;

import java.util.List;

import dev.infermark.hub.HfHub;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.weka.prompt.PromptSource;
import dev.infermark.weka.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loaded AgentX corpus: one {@link SessionTree} per trace, the prompts to send for each turn,
 * and the dataset metadata written into artifacts.
 *
 * @param datasetMetadata {@code {source_type, loader, hf_dataset_name, hf_split, num_dataset_entries}}
 * @param loader {@code weka_trace} | {@code weka_hf} | a {@code semianalysis_...} alias | {@code synthetic}
 */
public record Corpus(List<SessionTree> trees, PromptSource prompts, ObjectNode datasetMetadata, String loader) {
  public Corpus {
    trees = List.copyOf(trees);
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
