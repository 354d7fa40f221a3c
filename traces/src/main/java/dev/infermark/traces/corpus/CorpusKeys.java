package dev.infermark.traces.corpus;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/**
 * Settings of the AgentX corpus (Weka traces, topology, prompt reconstruction). The corpus is
 * chosen by {@code input-file}, {@code public-dataset} (framework keys) or {@link #HF_WEKA_DATASET}.
 */
public final class CorpusKeys implements KeyCatalog {
  public static final SettingKey<String> HF_WEKA_DATASET = SettingKey.string("hf-weka-dataset", null,
      "HuggingFace dataset repo holding Weka traces as traces.jsonl, e.g. semianalysisai/cc-traces-weka-062126; "
          + "append @revision to pin a branch, tag or commit.");
  public static final SettingKey<Integer> MAX_CONTEXT_LENGTH = SettingKey.integer("max-context-length", null,
      "Drop every whole trace whose peak context (in + capped out for parent requests, in + out for sub-agent "
          + "requests) exceeds this many tokens. Applied before num-dataset-entries.");
  public static final SettingKey<Integer> SYNTHESIS_MAX_OSL = SettingKey.integer("synthesis-max-osl", null,
      "Cap max_tokens of parent (main-agent) turns at this many tokens; sub-agent turns stay uncapped.");
  public static final SettingKey<Integer> PROMPT_INPUT_TOKENS_BLOCK_SIZE = SettingKey.integer(
      "prompt-input-tokens-block-size", null,
      "Tokens per hash block for prompt reconstruction; default: each trace's block_size (64 in all known data).");
  public static final SettingKey<Boolean> WEKA_SPLIT_FLATTENED_AGENTS = SettingKey.bool("weka-split-flattened-agents",
      true, "Split flattened sub-agent entries and parent requests into chains (spec 2.6): streams ::sa:ID, "
          + "::sa:ID:fa:NNN, :aux:NNN, :aux:red:NNN, :wg:GGG_MMM and parent-level ::fa:NNN, ::aux:NNN, ::wg:GGG_MMM, "
          + "each with its own SPAWN/JOIN. false: one child stream per sub-agent entry, every parent request on the root.");
  public static final SettingKey<Double> WEKA_SEAM_MAX_GAP_SECONDS = SettingKey.decimal("weka-seam-max-gap-seconds",
      3600.0, "Seam guard: a continuation of a dead chain tail starting more than this many seconds after the tail "
          + "ended, and sharing less than weka-seam-min-overlap-ratio of its blocks, is a new spawn.");
  public static final SettingKey<Double> WEKA_SEAM_MIN_OVERLAP_RATIO = SettingKey.decimal(
      "weka-seam-min-overlap-ratio", 0.5, "Seam guard: see weka-seam-max-gap-seconds.");
  public static final SettingKey<Integer> WEKA_AUX_MAX_REQUESTS = SettingKey.integer("weka-aux-max-requests", 1,
      "A split-off chain of at most this many requests can be an aux stream (0: none is).");
  public static final SettingKey<Double> WEKA_AUX_ISL_RATIO = SettingKey.decimal("weka-aux-isl-ratio", 0.1,
      "Aux when the chain's first input is below max(weka-aux-isl-floor, this x the main chain's peak input).");
  public static final SettingKey<Integer> WEKA_AUX_ISL_FLOOR = SettingKey.integer("weka-aux-isl-floor", 16_384,
      "See weka-aux-isl-ratio; also the smallest input of a reduction call.");
  public static final SettingKey<Boolean> WEKA_AUX_CROSS_MODEL = SettingKey.bool("weka-aux-cross-model", true,
      "A short chain on another model than the main chain is an aux stream.");
  public static final SettingKey<Integer> WEKA_AUX_REDUCTION_OSL_MAX = SettingKey.integer("weka-aux-reduction-osl-max",
      4_000, "A one-request chain with 0 < out < this, in >= weka-aux-isl-floor and in > weka-aux-reduction-ratio x out "
          + "is a reduction call (aux:red); 0 disables.");
  public static final SettingKey<Double> WEKA_AUX_REDUCTION_RATIO = SettingKey.decimal("weka-aux-reduction-ratio", 20.0,
      "See weka-aux-reduction-osl-max.");
  public static final SettingKey<Integer> WEKA_WORKER_GROUP_MIN = SettingKey.integer("weka-worker-group-min", 3,
      "At least this many overlapping chains forked from the same point form a worker group (wg); 0 disables.");

  private static final List<SettingKey<?>> ALL = List.of(HF_WEKA_DATASET, MAX_CONTEXT_LENGTH, SYNTHESIS_MAX_OSL,
      PROMPT_INPUT_TOKENS_BLOCK_SIZE, WEKA_SPLIT_FLATTENED_AGENTS, WEKA_SEAM_MAX_GAP_SECONDS, WEKA_SEAM_MIN_OVERLAP_RATIO,
      WEKA_AUX_MAX_REQUESTS, WEKA_AUX_ISL_RATIO, WEKA_AUX_ISL_FLOOR, WEKA_AUX_CROSS_MODEL, WEKA_AUX_REDUCTION_OSL_MAX,
      WEKA_AUX_REDUCTION_RATIO, WEKA_WORKER_GROUP_MIN);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
