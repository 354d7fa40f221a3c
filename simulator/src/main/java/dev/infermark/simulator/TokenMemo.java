package dev.infermark.simulator;

import dev.infermark.memo.LruMemo;
import dev.infermark.tokenizer.Tokenizer;

/**
 * The token ids of recently seen message texts, so that a conversation's next turn, which repeats
 * nearly all of the previous turn's messages, is not tokenised again in full. Keyed by the whole
 * text (a hit is an equal string, never a hash match), least recently used first out, bounded by
 * the memory it holds. A tokenizer is a pure function of its input, so a hit returns exactly what
 * {@link Tokenizer#encode} would. Returned arrays are shared: callers must not change them.
 */
final class TokenMemo {
  /** Texts shorter than this are encoded every time: cheap to encode, and they would churn the memo. */
  static final int MIN_CHARS = 1024;

  private final Tokenizer tokenizer;
  private final LruMemo<String, int[]> memo;

  /**
   * @param capacityBytes about how much memory the memo may hold (keys and ids); 0 turns it off
   */
  TokenMemo(Tokenizer tokenizer, long capacityBytes) {
    this.tokenizer = tokenizer;
    this.memo = new LruMemo<>(capacityBytes, TokenMemo::size);
  }

  /** A memo of an eighth of the maximum heap: the embedded simulator shares its heap with the client. */
  static TokenMemo sizedForHeap(Tokenizer tokenizer) {
    return new TokenMemo(tokenizer, LruMemo.heapShare(8));
  }

  Tokenizer tokenizer() {
    return tokenizer;
  }

  /** {@code tokenizer.encode(text)}, from the memo when the same text was encoded recently. */
  int[] encode(String text) {
    if (text.length() < MIN_CHARS) {
      return tokenizer.encode(text);
    }
    text.hashCode(); // computed (and kept in the String) outside the memo's lock
    return memo.get(text, tokenizer::encode);
  }

  long hits() {
    return memo.hits();
  }

  long misses() {
    return memo.misses();
  }

  long heldBytes() {
    return memo.heldBytes();
  }

  /** About what one entry holds: the text (one byte a char, as most prompts are Latin-1) and its ids. */
  private static long size(String text, int[] ids) {
    return 64L + text.length() + 4L * ids.length;
  }
}
