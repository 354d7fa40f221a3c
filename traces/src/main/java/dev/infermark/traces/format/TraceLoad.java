package dev.infermark.traces.format;

import java.util.List;

import dev.infermark.hub.HfHub;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusKeys;

/**
 * What a format loads with: the run's settings, tokenizer, seed and hub, and the options every format shares (the
 * hash block size, the fixed schedule's window). {@link #corpus} turns a flat format's sessions into the replay model.
 */
public final class TraceLoad {
  private final Settings settings;
  private final Tokenizer tokenizer;
  private final long seed;
  private final HfHub hub;

  public TraceLoad(Settings settings, Tokenizer tokenizer, long seed, HfHub hub) {
    this.settings = settings;
    this.tokenizer = tokenizer;
    this.seed = seed;
    this.hub = hub;
  }

  public Settings settings() {
    return settings;
  }

  /** The run's tokenizer: prompts are rebuilt to exact token counts under it. */
  public Tokenizer tokenizer() {
    return tokenizer;
  }

  /** The run's random seed: fixes rebuilt text. */
  public long seed() {
    return seed;
  }

  public HfHub hub() {
    return hub;
  }

  /**
   * Tokens per hash-id block: {@code prompt-input-tokens-block-size}, else the format's own ({@code 512} for
   * Mooncake traces).
   *
   * @throws IllegalArgumentException naming the setting when it is not positive
   */
  public int blockSize(int formatDefault) {
    Integer given = settings.get(CorpusKeys.PROMPT_INPUT_TOKENS_BLOCK_SIZE);
    if (given != null && given <= 0) {
      throw new IllegalArgumentException(CorpusKeys.PROMPT_INPUT_TOKENS_BLOCK_SIZE.property() + " must be > 0, got " + given);
    }
    return given != null ? given : formatDefault;
  }

  /**
   * Whether a request recorded at {@code timestampMs} is replayed: inside {@code fixed-schedule-start-offset} and
   * {@code fixed-schedule-end-offset}, both inclusive (a request without a timestamp always is).
   */
  public boolean inWindow(double timestampMs) {
    if (Double.isNaN(timestampMs)) {
      return true;
    }
    Long start = settings.get(TraceKeys.FIXED_SCHEDULE_START_OFFSET);
    Long end = settings.get(TraceKeys.FIXED_SCHEDULE_END_OFFSET);
    return (start == null || timestampMs >= start) && (end == null || timestampMs <= end);
  }

  /**
   * The replay model of a flat format's sessions: rows outside the fixed schedule's window dropped, the first
   * {@code num-dataset-entries} sessions kept, the {@code synthesis-*} transforms and {@code synthesis-max-osl}
   * applied, prompts rebuilt under the run's tokenizer (hash ids at {@code blockSize} tokens a block, ids global to
   * the file) and each hash-id request's theoretical prefix-cache hit computed in timestamp order.
   *
   * @param loader the format's name, written as {@code metadata.dataset.loader}
   * @throws IllegalArgumentException naming the session and request of bad input, or when nothing is left
   */
  public Corpus corpus(TraceFile file, List<TraceSession> sessions, String loader, int blockSize) {
    return FlatCorpus.build(this, file, sessions, loader, blockSize);
  }
}
