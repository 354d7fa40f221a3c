package dev.infermark.workload;

import java.util.SplittableRandom;

import dev.infermark.api.workload.SyntheticText;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;

/** The harness's {@link SyntheticText}: seeded words of the built-in vocabulary, fitted to the run's tokenizer. */
public final class SeededText implements SyntheticText {
  private final Tokenizer tokenizer;
  private final SplittableRandom random;

  public SeededText(Tokenizer tokenizer, long seed) {
    this.tokenizer = tokenizer;
    this.random = new SplittableRandom(seed);
  }

  /**
   * Text of exactly {@code n} tokens. With a real tokenizer, decoded ids may re-encode to a
   * different count, so the text is trimmed or extended word by word until it matches.
   */
  @Override
  public synchronized String tokens(int n) {
    if (n <= 0) {
      return "";
    }
    return fit(new StringBuilder(words(n)), 0, n);
  }

  /**
   * {@code start}, a space and text such that the whole counts exactly {@code n} tokens more than {@code start}:
   * the new part is fitted with {@code start} in front, so a token merging across the space is counted.
   */
  @Override
  public synchronized String tokensAfter(String start, int n) {
    if (start == null || start.isEmpty()) {
      return tokens(n);
    }
    if (n <= 0) {
      return start;
    }
    if (tokenizer instanceof WordTokenizer) {
      return start + " " + words(n);
    }
    StringBuilder b = new StringBuilder(start).append(' ').append(words(n));
    return fit(b, start.length() + 1, tokenizer.count(start) + n);
  }

  /** {@code n} seeded words of the built-in vocabulary: {@code n} tokens under {@link WordTokenizer}. */
  private String words(int n) {
    WordTokenizer words = WordTokenizer.instance();
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = random.nextInt(words.vocabularySize());
    }
    return words.decode(ids).substring(1);
  }

  /** Trims or extends {@code b} after its first {@code keep} characters, word by word, to {@code target} tokens. */
  private String fit(StringBuilder b, int keep, int target) {
    if (tokenizer instanceof WordTokenizer) {
      return b.toString();
    }
    int n = target;
    for (int guard = 0; guard < 4 * n + 64; guard++) {
      int c = tokenizer.count(b.toString());
      if (c == target) {
        return b.toString();
      }
      if (c > target) {
        int cut = b.lastIndexOf(" ");
        if (cut <= keep) {
          b.setLength(Math.max(keep, b.length() - 1));
        } else {
          b.setLength(cut);
        }
      } else {
        b.append(c + 1 == target ? " a" : " " + words(1));
      }
    }
    throw new IllegalStateException("cannot make text of exactly " + target + " tokens with tokenizer " + tokenizer.name());
  }
}
