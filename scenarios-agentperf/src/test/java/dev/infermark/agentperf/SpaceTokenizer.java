package dev.infermark.agentperf;

import dev.infermark.tokenizer.Tokenizer;

/** A test tokenizer: one token per whitespace-separated word. */
public final class SpaceTokenizer implements Tokenizer {
  public static final SpaceTokenizer INSTANCE = new SpaceTokenizer();

  @Override
  public String name() {
    return "test:space";
  }

  @Override
  public int count(String text) {
    int n = 0;
    boolean in = false;
    for (int i = 0; i < text.length(); i++) {
      boolean ws = Character.isWhitespace(text.charAt(i));
      if (!ws && !in) {
        n++;
      }
      in = !ws;
    }
    return n;
  }

  @Override
  public int[] encode(String text) {
    return new int[count(text)];
  }

  @Override
  public String decode(int[] ids) {
    return " w".repeat(ids.length);
  }
}
