package dev.infermark.traces.prompt;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

import dev.infermark.tokenizer.Tokenizer;

/**
 * The text that prompt blocks are cut from: a cyclic sequence of words, each exactly one token
 * under the run's tokenizer, all space-led letters only ({@code " parse"}, {@code " token"}).
 *
 * <p>Why such words: a byte-level BPE pre-tokenizer splits text before each space-led letter run,
 * so a concatenation of such words encodes to exactly one token per word, whatever the order and
 * wherever a block or message boundary falls. Token counts are then additive, which is what
 * exact-length prompts need. {@link #build} finds the words by decoding token ids one by one,
 * keeps those that re-encode to the same single id, and checks additivity on a long mixed sample
 * before use. The whole corpus is a few hundred kilobytes, held once per run.
 */
public final class TokenCorpus {
  /** Tokens in the cyclic sequence. */
  public static final int SIZE = 1 << 14;
  private static final Pattern WORD = Pattern.compile(" [A-Za-z]{2,14}");
  private static final int WANTED_WORDS = 2048;
  private static final int MIN_WORDS = 64;
  private static final int MAX_SCAN = 80_000;

  private final String tokenizerName;
  private final int wordCount;
  private final String text;
  private final int[] offsets;

  private TokenCorpus(String tokenizerName, int wordCount, String text, int[] offsets) {
    this.tokenizerName = tokenizerName;
    this.wordCount = wordCount;
    this.text = text;
    this.offsets = offsets;
  }

  /**
   * Builds the corpus for a tokenizer; the word sequence is fixed by {@code seed}.
   *
   * @throws IllegalStateException when the tokenizer has too few single-token words or they do not
   *     tokenize additively (e.g. a tokenizer that strips leading spaces on decode)
   */
  public static TokenCorpus build(Tokenizer tokenizer, long seed) {
    Set<String> found = new LinkedHashSet<>();
    for (int id = 0; id < MAX_SCAN && found.size() < WANTED_WORDS; id++) {
      String s;
      try {
        s = tokenizer.decode(new int[] {id});
      } catch (RuntimeException outOfVocabulary) {
        break;
      }
      if (WORD.matcher(s).matches() && !found.contains(s)) {
        int[] e = tokenizer.encode(s);
        if (e.length == 1) {
          found.add(s);
        }
      }
    }
    List<String> words = new ArrayList<>(found);
    if (words.size() < MIN_WORDS) {
      throw new IllegalStateException("tokenizer " + tokenizer.name() + ": found only " + words.size()
          + " space-led single-token words (need " + MIN_WORDS + ") to build exact-length prompts");
    }
    // Additivity check on every word in a mixed order, twice over.
    SplittableRandom check = new SplittableRandom(0x5EEDL);
    StringBuilder sample = new StringBuilder();
    int sampleWords = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < words.size(); i++) {
        sample.append(words.get(check.nextInt(words.size())));
        sampleWords++;
      }
    }
    int counted = tokenizer.count(sample.toString());
    if (counted != sampleWords) {
      throw new IllegalStateException("tokenizer " + tokenizer.name() + ": " + sampleWords
          + " single-token words encode to " + counted + " tokens when joined; exact-length prompts need additive words");
    }
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder b = new StringBuilder(SIZE * 8);
    int[] offsets = new int[SIZE + 1];
    for (int i = 0; i < SIZE; i++) {
      offsets[i] = b.length();
      b.append(words.get(random.nextInt(words.size())));
    }
    offsets[SIZE] = b.length();
    return new TokenCorpus(tokenizer.name(), words.size(), b.toString(), offsets);
  }

  public String tokenizerName() {
    return tokenizerName;
  }

  /** Distinct words the corpus draws from. */
  public int wordCount() {
    return wordCount;
  }

  /** Characters of the {@code n} tokens starting at token {@code start} (wrapping around). */
  public long charLength(int start, long n) {
    long cycles = n / SIZE;
    int rem = (int) (n % SIZE);
    return cycles * offsets[SIZE] + span(start, rem);
  }

  private int span(int start, int n) {
    int end = start + n;
    return end <= SIZE ? offsets[end] - offsets[start] : offsets[SIZE] - offsets[start] + offsets[end - SIZE];
  }

  /** Appends the text of {@code n} tokens starting at token {@code start} (wrapping around). */
  public void append(StringBuilder out, int start, long n) {
    long left = n;
    int pos = start;
    while (left > 0) {
      int take = (int) Math.min(left, SIZE - pos);
      out.append(text, offsets[pos], offsets[pos + take]);
      left -= take;
      pos = 0;
    }
  }

  /**
   * Appends {@code n} tokens drawn one by one at positions a function of {@code key} and their index alone: two keys
   * give texts that differ from their first tokens (a block's text of its own, not a slice another block may share).
   */
  public void appendDrawn(StringBuilder out, long key, int n) {
    for (int j = 0; j < n; j++) {
      int p = (int) Long.remainderUnsigned(BlockSeeds.mix(key + 0x9E3779B97F4A7C15L * (j + 1L)), SIZE);
      out.append(text, offsets[p], offsets[p + 1]);
    }
  }

  /** The character {@code index} characters into the (cyclic) text from token {@code start}. */
  public char charAt(int start, long index) {
    long total = offsets[SIZE];
    long abs = (offsets[start] + index) % total;
    return text.charAt((int) abs);
  }
}
