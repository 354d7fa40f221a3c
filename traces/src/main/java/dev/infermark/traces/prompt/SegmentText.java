package dev.infermark.traces.prompt;

import dev.infermark.json.JsonText;
import dev.infermark.memo.LruMemo;

/**
 * The text of one {@link Segment}, assembled from the shared {@link TokenCorpus} when read: holds
 * only the block start positions, never a copy of the prompt. {@link #toString()} builds the text
 * (callers writing a request body do that once per send). Its {@link #jsonEscaped} form is kept in
 * the corpus' memo under the segment's node, when it has one, so a turn that re-sends the segment copies it.
 */
final class SegmentText implements JsonText {
  private final TokenCorpus corpus;
  private final int[] starts;
  private final int blockSize;
  private final int tailStart;
  private final int tailTokens;
  private final long[] ends; // cumulative char end of each piece (blocks, then the tail)
  private final Object key;
  private final LruMemo<Object, byte[]> escaped;

  /**
   * @param key the segment's node in its stream's plan, or null
   * @param escaped where escaped texts are kept, by node (null with no key)
   */
  SegmentText(TokenCorpus corpus, int[] starts, int blockSize, int tailStart, int tailTokens, Object key,
      LruMemo<Object, byte[]> escaped) {
    this.key = key;
    this.escaped = escaped;
    this.corpus = corpus;
    this.starts = starts;
    this.blockSize = blockSize;
    this.tailStart = tailStart;
    this.tailTokens = tailTokens;
    this.ends = new long[starts.length + 1];
    long sum = 0;
    for (int i = 0; i < starts.length; i++) {
      sum += corpus.charLength(starts[i], blockSize);
      ends[i] = sum;
    }
    ends[starts.length] = sum + corpus.charLength(tailStart, tailTokens);
  }

  @Override
  public int length() {
    long n = ends[starts.length];
    if (n > Integer.MAX_VALUE) {
      throw new IllegalStateException("prompt segment of " + n + " characters exceeds a Java string");
    }
    return (int) n;
  }

  @Override
  public char charAt(int index) {
    if (index < 0 || index >= length()) {
      throw new IndexOutOfBoundsException(index);
    }
    int lo = 0;
    int hi = starts.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ends[mid] <= index) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    long pieceStart = lo == 0 ? 0 : ends[lo - 1];
    int tokenStart = lo < starts.length ? starts[lo] : tailStart;
    return corpus.charAt(tokenStart, index - pieceStart);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().substring(start, end);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(length());
    for (int s : starts) {
      corpus.append(b, s, blockSize);
    }
    corpus.append(b, tailStart, tailTokens);
    return b.toString();
  }

  @Override
  public byte[] jsonEscaped() {
    return key == null ? JsonText.escape(this) : escaped.get(key, k -> JsonText.escape(this));
  }
}
