package dev.infermark.tokenizer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
  private final Map<String, Integer> ids = new HashMap<>();

  private WordTokenizer() {
    vocabulary = new String[ROOTS.length * SUFFIXES.length];
    int i = 0;
    for (String suffix : SUFFIXES) {
      for (String root : ROOTS) {
        String w = Character.isLetter(root.charAt(0)) ? root + suffix : suffix.isEmpty() ? root : root + i;
        vocabulary[i] = w;
        ids.putIfAbsent(w, i);
        i++;
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

  @Override
  public int[] encode(String text) {
    List<Integer> out = new ArrayList<>();
    int i = 0;
    int len = text.length();
    while (i < len) {
      while (i < len && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < len && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i > start) {
        String w = text.substring(start, i);
        Integer id = ids.get(w);
        out.add(id != null ? id : Math.floorMod(w.hashCode(), vocabulary.length));
      }
    }
    int[] r = new int[out.size()];
    for (int k = 0; k < r.length; k++) {
      r[k] = out.get(k);
    }
    return r;
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
