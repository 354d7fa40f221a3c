package dev.infermark.chat;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/**
 * The synthetic prompts' settings, named as AIPerf's flags (its other spellings are aliases on the command line:
 * {@code --synthetic-input-tokens-mean}, {@code --output-tokens-mean}, {@code --prefix-prompt-pool-size}, ...). They
 * are {@linkplain #workloadKeys() workload keys}: only a scenario that reads them (the built-in {@code chat}) honours
 * them, and giving one to another scenario fails its run, naming it. See docs/cli.md.
 */
public final class ChatKeys implements KeyCatalog {
  public static final SettingKey<Integer> ISL = SettingKey.integer("isl", 550,
      "Mean input tokens of a synthetic prompt, counted with the run's tokenizer (AIPerf's --isl, "
          + "--synthetic-input-tokens-mean; vLLM's --random-input-len).");
  public static final SettingKey<Integer> ISL_STDDEV = SettingKey.integer("isl-stddev", 0,
      "Standard deviation of the input tokens: each prompt's length is drawn from a normal distribution cut at 0 "
          + "(AIPerf's --isl-stddev); 0: every prompt has isl tokens.");
  public static final SettingKey<Integer> OSL = SettingKey.integer("osl", null,
      "Mean output tokens asked of each request (AIPerf's --osl, --output-tokens-mean; vLLM's --random-output-len); "
          + "unset: no output cap, the server decides.");
  public static final SettingKey<Integer> OSL_STDDEV = SettingKey.integer("osl-stddev", 0,
      "Standard deviation of the output tokens asked, drawn as isl-stddev (AIPerf's --osl-stddev); needs osl.");
  public static final SettingKey<Boolean> FIXED_OUTPUT_LENGTH = SettingKey.bool("fixed-output-length", null,
      "With osl: ask for exactly each request's output tokens (max_tokens = min_tokens = OSL, ignore_eos: true), so the "
          + "output sequence length is what was asked; unset: true. false sends max_tokens only, as AIPerf does, and "
          + "answers may end early.");
  public static final SettingKey<Integer> NUM_PREFIX_PROMPTS = SettingKey.integer("num-prefix-prompts", null,
      "A pool of this many shared prefix prompts; each conversation's first prompt starts with one of them, drawn at "
          + "random, so requests share prefixes a prefix cache can reuse (AIPerf's --num-prefix-prompts, "
          + "--prefix-prompt-pool-size). Needs prefix-prompt-length.");
  public static final SettingKey<Integer> PREFIX_PROMPT_LENGTH = SettingKey.integer("prefix-prompt-length", null,
      "Tokens of each prefix prompt, on top of the prompt's own isl tokens (AIPerf's --prefix-prompt-length; vLLM's "
          + "--random-prefix-len with num-prefix-prompts 1). Needs num-prefix-prompts.");
  public static final SettingKey<Integer> SHARED_SYSTEM_PROMPT_LENGTH = SettingKey.integer("shared-system-prompt-length",
      null, "A system prompt of this many tokens, the same for every conversation (AIPerf's "
          + "--shared-system-prompt-length): the prefix every request shares.");
  public static final SettingKey<Integer> USER_CONTEXT_PROMPT_LENGTH = SettingKey.integer("user-context-prompt-length",
      null, "A user message of this many tokens before each conversation's first turn, its own for each conversation "
          + "(AIPerf's --user-context-prompt-length: a user's documents or memory, reused by its later turns).");

  private static final List<SettingKey<?>> ALL = List.of(ISL, ISL_STDDEV, OSL, OSL_STDDEV, FIXED_OUTPUT_LENGTH,
      NUM_PREFIX_PROMPTS, PREFIX_PROMPT_LENGTH, SHARED_SYSTEM_PROMPT_LENGTH, USER_CONTEXT_PROMPT_LENGTH);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }

  @Override
  public List<SettingKey<?>> workloadKeys() {
    return ALL;
  }
}
