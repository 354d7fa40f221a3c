package dev.infermark.agentperf.trajectory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.tokenizer.Tokenizer;

/**
 * A seeded generator of agentic-coding trajectories matching the seed's published statistics:
 * prompts from about 5K tokens (one of three shared system prompts with tool schemas, as from the
 * three models that generated AA's trajectories in one harness) growing turn by turn with the
 * model's visible output and tool results (mean about 27K over all requests), very variable
 * output lengths (log-normal, median 150, P95 about 2K tokens), 14 languages of code-like content
 * (Python most, then TypeScript and Go), per-tool delays, and truncation to the model's context.
 * Trajectory {@code i} depends only on the seed and {@code i}; it is built when asked for.
 */
public final class SyntheticTrajectories implements TrajectorySource {
  /** Median output tokens per turn (reasoning included), from the DeepSeek V3.2 trajectories. */
  static final double OSL_MEDIAN = 150;
  /** Log-normal sigma giving P95 about 2K tokens. */
  static final double OSL_SIGMA = 1.57;
  /** Share of a turn's output that stays in the context (reasoning is dropped from history). */
  static final double VISIBLE_SHARE = 0.5;

  private final long seed;
  private final int count;
  private final double turnsMedian;
  private final int turnsMax;
  private final int maxContext;
  private final int maxTokens;
  private final CodeText text;
  /** One system prompt (instructions and tool schemas) per harness model, shared by its trajectories. */
  private final List<ChatMessage> systemPrompts = new ArrayList<>();
  private final List<Integer> systemTokens = new ArrayList<>();

  /**
   * @param seed the run's seed
   * @param count distinct trajectories
   * @param turnsMedian median turns per trajectory
   * @param turnsMax most turns per trajectory
   * @param maxContext the model's recommended context in tokens (see {@link #get})
   * @param maxTokens the output cap of each request
   * @param tokenizer sizes the text
   */
  public SyntheticTrajectories(long seed, int count, double turnsMedian, int turnsMax, int maxContext, int maxTokens,
      Tokenizer tokenizer) {
    if (count < 1 || turnsMax < 1 || turnsMedian <= 0 || maxContext < 1024) {
      throw new IllegalArgumentException("synthetic trajectories need count >= 1, turns >= 1 and a context of at least "
          + "1024 tokens (got count " + count + ", turns median " + turnsMedian + ", max " + turnsMax + ", context " + maxContext + ")");
    }
    this.seed = seed;
    this.count = count;
    this.turnsMedian = turnsMedian;
    this.turnsMax = turnsMax;
    this.maxContext = maxContext;
    this.maxTokens = maxTokens;
    this.text = new CodeText(seed, tokenizer);
    SplittableRandom r = new SplittableRandom(seed ^ 0x51A7E5L);
    for (int i = 0; i < SYSTEM_PROMPTS; i++) {
      int tokens = 4200 + 1100 * i + r.nextInt(200);
      systemPrompts.add(ChatMessage.system(text.slice("prose", tokens, r)));
      systemTokens.add(tokens);
    }
  }

  /** AA's trajectories come from three models in one harness: three system prompts. */
  static final int SYSTEM_PROMPTS = 3;

  @Override
  public int size() {
    return count;
  }

  @Override
  public String describe() {
    return "synthetic trajectories (seed " + seed + ", " + count + " trajectories, median " + turnsMedian + " turns, context "
        + maxContext + ")";
  }

  /**
   * Builds trajectory {@code index}. Prompts are cut at the context: the trajectory ends before
   * the first turn whose prompt exceeds the context (the seed's truncation); prompts are kept
   * within context minus a small reserve so generation has room.
   */
  @Override
  public Trajectory get(int index) {
    if (index < 0 || index >= count) {
      throw new IndexOutOfBoundsException("trajectory " + index + " of " + count);
    }
    SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    String lang = text.pickLanguage(r);
    int turns = (int) Math.clamp(Math.round(turnsMedian * Math.exp(0.6 * r.nextGaussian())), 2, turnsMax);
    int variant = r.nextInt(SYSTEM_PROMPTS);
    int taskTokens = 80 + r.nextInt(400);
    List<ChatMessage> history = new ArrayList<>();
    history.add(systemPrompts.get(variant));
    history.add(ChatMessage.user(text.slice("prose", taskTokens, r)));
    int context = systemTokens.get(variant) + taskTokens;
    // Leave room for a typical answer: a prompt at the very edge of the context would fail.
    int limit = maxContext - Math.min(maxTokens, maxContext / 8);
    List<Turn> out = new ArrayList<>();
    for (int k = 0; k < turns && context <= limit; k++) {
      int osl = (int) Math.clamp(Math.round(OSL_MEDIAN * Math.exp(OSL_SIGMA * r.nextGaussian())), 1, maxTokens);
      boolean last = k == turns - 1;
      ToolProfile tool = last ? null : ToolProfile.pick(r);
      Duration delay = tool == null ? Duration.ZERO : tool.sampleDelay(r);
      out.add(new Turn(history, tool == null ? List.of() : List.of(tool.name()), osl, delay, context));
      if (!last) {
        int visible = Math.max(1, (int) Math.round(osl * VISIBLE_SHARE));
        int result = tool.sampleResultTokens(r);
        history.add(ChatMessage.assistant(text.slice(lang, visible, r)));
        history.add(ChatMessage.user(text.slice(lang, result, r)));
        context += visible + result;
      }
    }
    if (out.isEmpty()) {
      // The system prompt alone exceeds a tiny context: send it anyway, trimmed to one short turn.
      out.add(new Turn(List.of(ChatMessage.user(text.slice("prose", limit / 2, r))), List.of(), 16, Duration.ZERO, limit / 2));
    }
    return new Trajectory(String.format("syn-%06d", index), lang, out);
  }
}
