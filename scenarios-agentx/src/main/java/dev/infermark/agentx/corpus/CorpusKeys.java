package dev.infermark.agentx.corpus;

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
      false, "Split flattened sub-agent entries into chains (::sa:ID:fa:NNN, :aux:NNN, :aux:red:NNN, :wg:GGG_MMM "
          + "streams), each with its own SPAWN/JOIN. Default false (AIPerf: true): one child stream per sub-agent "
          + "entry. Phase-2 seam election and parent-level splitting are not implemented.");

  private static final List<SettingKey<?>> ALL =
      List.of(HF_WEKA_DATASET, MAX_CONTEXT_LENGTH, SYNTHESIS_MAX_OSL, PROMPT_INPUT_TOKENS_BLOCK_SIZE, WEKA_SPLIT_FLATTENED_AGENTS);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
