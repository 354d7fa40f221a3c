package dev.infermark.tokenizer;

import java.util.Arrays;

/**
 * The built-in stand-in tokenizer ({@code builtin:words}), used when no real tokenizer is given:
 * fast, deterministic and needing no files.
 *
 * <p>A token is a run of non-whitespace characters together with the whitespace before it, so
 * {@code count(text)} is the number of whitespace-separated words. {@link #decode} renders each id
 * as one space-led word of a fixed code-like vocabulary, which makes counts additive:
 * {@code count(decode(a) + decode(b)) == a.length + b.length} for any ids. That property is what
 * exact-length prompt synthesis relies on.
 */
public final class WordTokenizer implements Tokenizer {
  /** The name under which settings select this tokenizer. */
  public static final String NAME = "builtin:words";

  private static final String[] ROOTS = {
      "def", "return", "self", "class", "import", "from", "if", "else", "for", "while", "try", "except",
      "value", "result", "data", "config", "request", "response", "token", "cache", "buffer", "index",
      "count", "items", "parse", "build", "load", "write", "read", "update", "handle", "error",
      "user", "session", "model", "stream", "block", "layer", "graph", "node", "path", "file",
      "async", "await", "const", "let", "func", "struct", "impl", "match", "case", "yield",
      "None", "True", "False", "null", "len", "map", "list", "dict", "set", "str", "int", "float",
      "(", ")", "{", "}", "[", "]", "=", "==", "+", "-", "*", "/", ":", ";", ",", ".", "->", "=>",
      "the", "a", "of", "to", "in", "is", "and", "that", "it", "with", "as", "on", "be", "this"};
  private static final String[] SUFFIXES = {"", "_id", "_list", "s", "_map", "_count", "Size", "Name", "_v2", "_fn"};

  // After ROOTS and SUFFIXES: the constructor reads them.
  private static final WordTokenizer INSTANCE = new WordTokenizer();

  private final String[] vocabulary;
  /** Vocabulary index + 1 by hash (0 = empty); a word's first index, as a map put-if-absent would keep. */
  private final int[] table;

  private WordTokenizer() {
    vocabulary = new String[ROOTS.length * SUFFIXES.length];
    int i = 0;
    for (String suffix : SUFFIXES) {
      for (String root : ROOTS) {
        String w = Character.isLetter(root.charAt(0)) ? root + suffix : suffix.isEmpty() ? root : root + i;
        vocabulary[i] = w;
        i++;
      }
    }
    table = new int[Integer.highestOneBit(vocabulary.length * 4) * 2];
    for (int k = 0; k < vocabulary.length; k++) {
      String w = vocabulary[k];
      if (find(w, 0, w.length(), w.hashCode()) < 0) {
        int slot = spread(w.hashCode()) & (table.length - 1);
        while (table[slot] != 0) {
          slot = (slot + 1) & (table.length - 1);
        }
        table[slot] = k + 1;
      }
    }
  }

  public static WordTokenizer instance() {
    return INSTANCE;
  }

  /** The size of the vocabulary {@link #decode} draws from; ids beyond it wrap around. */
  public int vocabularySize() {
    return vocabulary.length;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int count(String text) {
    int n = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      boolean ws = Character.isWhitespace(text.charAt(i));
      if (!ws && !inWord) {
        n++;
      }
      inWord = !ws;
    }
    return n;
  }

  /**
   * One pass, no copy per word: a word's id comes from its hash ({@link String#hashCode}'s formula
   * over the chars) and an open-addressing table of the vocabulary, so encoding a 20k-word prompt
   * allocates only the result (the simulator encodes every prompt it serves).
   */
  @Override
  public int[] encode(String text) {
    int[] out = new int[Math.max(16, text.length() / 5)];
    int n = 0;
    int i = 0;
    int len = text.length();
    while (i < len) {
      while (i < len && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      int start = i;
      int h = 0;
      char c;
      while (i < len && !Character.isWhitespace(c = text.charAt(i))) {
        h = 31 * h + c;
        i++;
      }
      if (i > start) {
        if (n == out.length) {
          out = Arrays.copyOf(out, n * 2);
        }
        out[n++] = id(text, start, i - start, h);
      }
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }

  /** The id of the word {@code text[start, start + len)} whose hash is {@code h}. */
  private int id(String text, int start, int len, int h) {
    int known = find(text, start, len, h);
    return known >= 0 ? known : Math.floorMod(h, vocabulary.length);
  }

  /** The vocabulary index of the word, or -1. */
  private int find(String text, int start, int len, int h) {
    int mask = table.length - 1;
    for (int slot = spread(h) & mask; table[slot] != 0; slot = (slot + 1) & mask) {
      String w = vocabulary[table[slot] - 1];
      if (w.length() == len && w.hashCode() == h && text.regionMatches(start, w, 0, len)) {
        return table[slot] - 1;
      }
    }
    return -1;
  }

  private static int spread(int h) {
    return h ^ (h >>> 16);
  }

  @Override
  public String decode(int[] tokenIds) {
    StringBuilder b = new StringBuilder(tokenIds.length * 6);
    for (int id : tokenIds) {
      b.append(' ').append(vocabulary[Math.floorMod(id, vocabulary.length)]);
    }
    return b.toString();
  }
}
