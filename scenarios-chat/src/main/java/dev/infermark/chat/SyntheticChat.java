package dev.infermark.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import dev.infermark.api.workload.Conversation;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

/**
 * The synthetic data set AIPerf's prompt flags describe, built as AIPerf builds it (its synthetic composer and prompt
 * generator): {@code entries} one-turn conversations, each prompt's input length drawn from a normal distribution of
 * mean {@code isl} and deviation {@code islStddev} cut at 0 (rounded up, at least 1; exactly {@code isl} without a
 * deviation), its output length likewise from {@code osl}. The texts are seeded and have exactly their token counts
 * under the run's tokenizer ({@link SyntheticText}).
 *
 * <ul>
 *   <li>a shared system prompt of {@code systemLength} tokens, the same in every conversation;</li>
 *   <li>a pool of {@code prefixPrompts} prefix prompts of {@code prefixLength} tokens; each conversation's prompt
 *       starts with one drawn at random, then its own {@code isl} tokens (the prefix is on top of the ISL);</li>
 *   <li>a user context of {@code contextLength} tokens per conversation, a user message before its first turn;</li>
 *   <li>with {@code osl}, each turn asks for its output length: exactly ({@code fixedOutput}: {@code max_tokens} =
 *       {@code min_tokens}, {@code ignore_eos}), or at most.</li>
 * </ul>
 *
 * @param osl the mean output tokens, or {@code null} for no output cap
 * @param systemLength the shared system prompt's tokens, or {@code null} for none
 * @param contextLength each conversation's user context tokens, or {@code null} for none
 */
public record SyntheticChat(int entries, int isl, int islStddev, Integer osl, int oslStddev, boolean fixedOutput,
    int prefixPrompts, int prefixLength, Integer systemLength, Integer contextLength) {

  /** AIPerf's default number of synthetic conversations ({@code --num-dataset-entries}). */
  public static final int DEFAULT_ENTRIES = 100;

  /**
   * The data set the settings describe.
   *
   * @throws IllegalArgumentException naming the setting that cannot be used, and why
   */
  public static SyntheticChat of(ChatSettings s) {
    int entries = s.numDatasetEntries().orElse(DEFAULT_ENTRIES);
    atLeast(entries, 1, "num-dataset-entries");
    atLeast(s.isl(), 1, ChatKeys.ISL.name());
    atLeast(s.islStddev(), 0, ChatKeys.ISL_STDDEV.name());
    atLeast(s.oslStddev(), 0, ChatKeys.OSL_STDDEV.name());
    Integer osl = s.osl().orElse(null);
    if (osl == null) {
      if (s.oslStddev() > 0) {
        throw new IllegalArgumentException(ChatKeys.OSL_STDDEV.property() + " spreads the output tokens around "
            + ChatKeys.OSL.property() + ", which is not set: set osl too");
      }
      if (s.fixedOutputLength().isPresent()) {
        throw new IllegalArgumentException(ChatKeys.FIXED_OUTPUT_LENGTH.property() + " says how the output length "
            + ChatKeys.OSL.property() + " is asked, and osl is not set: set osl too");
      }
    } else {
      atLeast(osl, 1, ChatKeys.OSL.name());
    }
    int pool = s.numPrefixPrompts().orElse(0);
    int prefix = s.prefixPromptLength().orElse(0);
    atLeast(pool, 0, ChatKeys.NUM_PREFIX_PROMPTS.name());
    atLeast(prefix, 0, ChatKeys.PREFIX_PROMPT_LENGTH.name());
    if ((pool > 0) != (prefix > 0)) {
      throw new IllegalArgumentException(pool > 0
          ? ChatKeys.NUM_PREFIX_PROMPTS.property() + " makes a pool of prefix prompts: set their length too ("
              + ChatKeys.PREFIX_PROMPT_LENGTH.property() + ")"
          : ChatKeys.PREFIX_PROMPT_LENGTH.property() + " is the length of the pool's prefix prompts: set how many "
              + "there are too (" + ChatKeys.NUM_PREFIX_PROMPTS.property() + ", 1 for one prefix every prompt shares)");
    }
    Integer system = s.sharedSystemPromptLength().orElse(null);
    Integer context = s.userContextPromptLength().orElse(null);
    if (system != null) {
      atLeast(system, 1, ChatKeys.SHARED_SYSTEM_PROMPT_LENGTH.name());
    }
    if (context != null) {
      atLeast(context, 1, ChatKeys.USER_CONTEXT_PROMPT_LENGTH.name());
    }
    return new SyntheticChat(entries, s.isl(), s.islStddev(), osl, s.oslStddev(), s.fixedOutputLength().orElse(true),
        pool, prefix, system, context);
  }

  private static void atLeast(int value, int min, String setting) {
    if (value < min) {
      throw new IllegalArgumentException("infermark." + setting + ": at least " + min + ", got " + value);
    }
  }

  /** The conversations, the same for the same texts and seed. */
  public List<Conversation> conversations(SyntheticText text, long seed) {
    RandomGenerator lengths = new SplittableRandom(seed ^ 0x6C656E67746873L); // one stream per concern, as AIPerf
    RandomGenerator prefixes = new SplittableRandom(seed ^ 0x707265666978L);
    String system = systemLength == null ? null : text.tokens(systemLength);
    List<String> pool = new ArrayList<>(prefixPrompts);
    for (int i = 0; i < prefixPrompts; i++) {
      pool.add(text.tokens(prefixLength));
    }
    List<Conversation> out = new ArrayList<>(entries);
    for (int i = 0; i < entries; i++) {
      int inputTokens = positiveNormal(lengths, isl, islStddev);
      Integer outputTokens = osl == null ? null : positiveNormal(lengths, osl, oslStddev);
      String context = contextLength == null ? null : text.tokens(contextLength);
      String prompt = pool.isEmpty() ? text.tokens(inputTokens)
          : text.tokensAfter(pool.get(prefixes.nextInt(pool.size())), inputTokens);
      Turn turn = Turn.user(prompt);
      if (outputTokens != null) {
        turn = fixedOutput ? turn.fixedOutputTokens(outputTokens) : turn.maxTokens(outputTokens);
      }
      out.add(new Conversation(system, context, List.of(turn)));
    }
    return out;
  }

  /**
   * A length drawn as AIPerf draws it ({@code sample_positive_normal_integer}): normal, redrawn below 0, rounded up,
   * at least 1; without a deviation, the mean.
   */
  static int positiveNormal(RandomGenerator r, int mean, int stddev) {
    if (stddev <= 0) {
      return Math.max(1, mean);
    }
    for (int tries = 0; tries < 10_000; tries++) {
      double x = r.nextGaussian(mean, stddev);
      if (x >= 0) {
        return Math.max(1, (int) Math.ceil(x));
      }
    }
    return Math.max(1, mean);
  }

  /** What the run plays, for its log. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append(entries).append(" synthetic conversations, input ").append(spread(isl, islStddev)).append(" tokens");
    if (prefixPrompts > 0) {
      b.append(" after one of ").append(prefixPrompts).append(" shared prefixes of ").append(prefixLength).append(" tokens");
    }
    b.append(osl == null ? ", output uncapped" : ", output " + (fixedOutput ? "exactly " : "at most ")
        + spread(osl, oslStddev) + " tokens");
    if (systemLength != null) {
      b.append(", a shared system prompt of ").append(systemLength).append(" tokens");
    }
    if (contextLength != null) {
      b.append(", a user context of ").append(contextLength).append(" tokens each");
    }
    return b.toString();
  }

  private static String spread(int mean, int stddev) {
    return stddev > 0 ? String.format(Locale.ROOT, "%d ± %d", mean, stddev) : Integer.toString(mean);
  }
}
