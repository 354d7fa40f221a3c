package dev.infermark.traces.prompt;

import dev.infermark.tokenizer.Tokenizer;

/**
 * Prompts rebuilt from a flat trace's hash ids (Mooncake, and a BurstGPT row's length alone): block {@code i} of a
 * prompt is {@code blockSize} tokens of the text of id {@code ids[i]}, the same text wherever that id appears in the
 * file (ids are global there, not per trace as Weka's), so equal id prefixes are equal token prefixes and a
 * server's prefix cache sees what the recorded one saw. The block holding the prompt's end is cut there (the last
 * id covers a partial block); tokens past the ids are a tail of the request's own. Each id's text is drawn token by
 * token from a {@link TokenCorpus} ({@link TokenCorpus#appendDrawn}), so two ids' texts differ from their first
 * token (slices of the corpus would repeat: it has 16,384 places to start, and a trace has more ids), and token
 * counts are exact. A prompt's text is assembled when read; nothing is kept per request.
 */
public final class BlockPrompts {
  private final TokenCorpus corpus;
  private final BlockSeeds seeds;
  private final int blockSize;

  /**
   * @param seed the run's random seed: fixes the text of every id
   * @param scope the id scope (one per file: its ids mean the same in every request)
   */
  public BlockPrompts(Tokenizer tokenizer, long seed, String scope, int blockSize) {
    this(TokenCorpus.build(tokenizer, seed), seed, scope, blockSize);
  }

  public BlockPrompts(TokenCorpus corpus, long seed, String scope, int blockSize) {
    if (blockSize <= 0) {
      throw new IllegalArgumentException("the hash block size must be > 0, got " + blockSize);
    }
    this.corpus = corpus;
    this.seeds = new BlockSeeds(seed, scope);
    this.blockSize = blockSize;
  }

  public int blockSize() {
    return blockSize;
  }

  /**
   * The blocks a prompt of {@code inputTokens} tokens has: {@code ceil(inputTokens / blockSize)}; a request
   * recording more ids than that has ids for tokens it does not have.
   */
  public int blocks(int inputTokens) {
    return (int) ((inputTokens + (long) blockSize - 1) / blockSize);
  }

  /**
   * The text of a prompt of {@code inputTokens} tokens over {@code ids} (at most {@link #blocks} of them).
   *
   * @param key names the request (its own tail's text when the ids cover less than the prompt)
   */
  public CharSequence text(int[] ids, int inputTokens, String key) {
    if (ids.length > blocks(inputTokens)) {
      throw new IllegalArgumentException(ids.length + " hash ids for " + inputTokens + " tokens: at block size "
          + blockSize + " the prompt has " + blocks(inputTokens) + " blocks");
    }
    int full = Math.min(ids.length, inputTokens / blockSize);
    long[] keys = new long[full];
    for (int i = 0; i < full; i++) {
      keys[i] = seeds.blockKey(ids[i]);
    }
    int rest = inputTokens - full * blockSize;
    // the last id covers the prompt's end: the first `rest` tokens of its block's text; else a tail of its own
    long restKey = ids.length > full ? seeds.blockKey(ids[full]) : seeds.tailKey(key);
    return new Text(corpus, keys, blockSize, restKey, rest);
  }

  /** A rebuilt prompt's text, assembled once when first read. */
  private static final class Text implements CharSequence {
    private final TokenCorpus corpus;
    private final long[] keys;
    private final int blockSize;
    private final long restKey;
    private final int rest;
    private String text;

    Text(TokenCorpus corpus, long[] keys, int blockSize, long restKey, int rest) {
      this.corpus = corpus;
      this.keys = keys;
      this.blockSize = blockSize;
      this.restKey = restKey;
      this.rest = rest;
    }

    @Override
    public String toString() {
      String t = text;
      if (t == null) {
        StringBuilder b = new StringBuilder((keys.length * blockSize + rest) * 8);
        for (long k : keys) {
          corpus.appendDrawn(b, k, blockSize);
        }
        corpus.appendDrawn(b, restKey, rest);
        t = b.toString();
        text = t;
      }
      return t;
    }

    @Override
    public int length() {
      return toString().length();
    }

    @Override
    public char charAt(int index) {
      return toString().charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return toString().subSequence(start, end);
    }
  }
}
