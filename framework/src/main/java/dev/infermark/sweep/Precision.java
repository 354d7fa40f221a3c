package dev.infermark.sweep;

/**
 * When a bisection stops: the gap between the largest passing and the smallest failing value is at
 * most {@code amount} (absolute, in the setting's unit: {@code 1}) or {@code amount} times the
 * failing value (relative: {@code 5%}).
 *
 * @param amount the gap allowed (a fraction when relative)
 * @param relative whether {@code amount} is a fraction of the failing value
 */
public record Precision(double amount, boolean relative) {
  public Precision {
    if (!(amount > 0) || Double.isInfinite(amount)) {
      throw new IllegalArgumentException("a search's precision must be above 0, got " + amount);
    }
  }

  /**
   * {@code 1} (absolute) or {@code 5%} (relative).
   *
   * @throws IllegalArgumentException naming the text
   */
  public static Precision parse(String text) {
    String t = text.strip();
    boolean rel = t.endsWith("%");
    try {
      double v = Double.parseDouble(rel ? t.substring(0, t.length() - 1).strip() : t);
      return new Precision(rel ? v / 100 : v, rel);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a precision: give a gap (1) or a percentage (5%)");
    }
  }

  /** Whether {@code pass} and {@code fail} are close enough to stop. */
  public boolean narrowEnough(double pass, double fail) {
    return fail - pass <= (relative ? amount * fail : amount);
  }

  @Override
  public String toString() {
    return relative ? SweptSetting.plain(amount * 100) + "%" : SweptSetting.plain(amount);
  }
}
