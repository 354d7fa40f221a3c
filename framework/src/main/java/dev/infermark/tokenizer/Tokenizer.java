package dev.infermark.tokenizer;

/**
 * Turns text into token ids and back. Implementations are thread-safe and never truncate.
 * Keep tokenizing off the hot path: it costs about a microsecond per token.
 */
public interface Tokenizer {
  /** A name for logs and artifacts (a model id, a file name or {@code builtin:words}). */
  String name();

  /** The token ids of {@code text}, with no special tokens added and no truncation. */
  int[] encode(String text);

  /** The number of tokens {@link #encode} would return. */
  default int count(String text) {
    return encode(text).length;
  }

  /** The text of {@code ids}, with no special tokens inserted. */
  String decode(int[] ids);
}
