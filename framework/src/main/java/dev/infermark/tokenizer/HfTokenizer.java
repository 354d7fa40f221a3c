package dev.infermark.tokenizer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;

/**
 * A HuggingFace {@code tokenizer.json} through DJL's bundled native library (works offline).
 * Truncation and padding are off and no special tokens are added: DJL would otherwise cut every
 * text to 512 tokens without an error.
 */
public final class HfTokenizer implements Tokenizer, AutoCloseable {
  private static final Map<String, String> OPTIONS =
      Map.of("addSpecialTokens", "false", "truncation", "false", "padding", "false", "maxLength", "100000000");

  private final String name;
  private final HuggingFaceTokenizer delegate;

  private HfTokenizer(String name, HuggingFaceTokenizer delegate) {
    this.name = name;
    this.delegate = delegate;
  }

  /** Loads a {@code tokenizer.json} file (or a folder holding one). */
  public static HfTokenizer load(String name, Path tokenizerJson) throws IOException {
    return new HfTokenizer(name, HuggingFaceTokenizer.newInstance(tokenizerJson, OPTIONS));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int[] encode(String text) {
    Encoding e = delegate.encode(text, false, false);
    long[] ids = e.getIds();
    int[] r = new int[ids.length];
    for (int i = 0; i < ids.length; i++) {
      r[i] = (int) ids[i];
    }
    return r;
  }

  @Override
  public String decode(int[] ids) {
    long[] l = new long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      l[i] = ids[i];
    }
    return delegate.decode(l, false);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
