package dev.infermark.accuracy.grader;

/**
 * A text that stops a regex search once a deadline passes (lighteval grades under a 5 s
 * timeout; Java's regex engine cannot be interrupted, but it reads through {@link #charAt}).
 */
final class Deadline implements CharSequence {
  /** Thrown when the deadline passed during a search. */
  static final class Expired extends RuntimeException {
    Expired(long seconds) {
      super("timed out after " + seconds + " s");
    }
  }

  private final CharSequence text;
  private final long deadlineNs;
  private final long seconds;
  private int calls;

  Deadline(CharSequence text, long seconds) {
    this(text, System.nanoTime() + seconds * 1_000_000_000L, seconds);
  }

  private Deadline(CharSequence text, long deadlineNs, long seconds) {
    this.text = text;
    this.deadlineNs = deadlineNs;
    this.seconds = seconds;
  }

  @Override
  public char charAt(int index) {
    if ((++calls & 0xfff) == 0 && System.nanoTime() > deadlineNs) {
      throw new Expired(seconds);
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return text.subSequence(start, end).toString();
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
