package dev.infermark.prometheus;

/** Malformed Prometheus text: the message names the source, the line number and the line. */
public final class PromFormatException extends Exception {
  private final int line;

  PromFormatException(String source, int line, String reason, String text) {
    super(source + " line " + line + ": " + reason + (text == null ? "" : ": " + shorten(text)));
    this.line = line;
  }

  /** The 1-based line the problem was found on. */
  public int line() {
    return line;
  }

  private static String shorten(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...";
  }
}
