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
    WordTokenizer words = WordTokenizer.instance();
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = random.nextInt(words.vocabularySize());
    }
    String text = words.decode(ids).substring(1);
    if (tokenizer instanceof WordTokenizer) {
      return text;
    }
    StringBuilder b = new StringBuilder(text);
    for (int guard = 0; guard < 4 * n + 64; guard++) {
      int c = tokenizer.count(b.toString());
      if (c == n) {
        return b.toString();
      }
      if (c > n) {
        int cut = b.lastIndexOf(" ");
        if (cut <= 0) {
          b.setLength(Math.max(0, b.length() - 1));
        } else {
          b.setLength(cut);
        }
      } else {
        b.append(c + 1 == n ? " a" : " " + words.decode(new int[] {random.nextInt(words.vocabularySize())}).substring(1));
      }
    }
    throw new IllegalStateException("cannot make text of exactly " + n + " tokens with tokenizer " + tokenizer.name());
  }
}
