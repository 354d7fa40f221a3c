package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The AIME grader: extract the last {@code \boxed{}} (else an answer phrase, else the last
 * number; fallbacks are unparsed), normalise both sides with {@link MathStrip}, then compare with
 * the {@link MathEqual} cascade ({@code compared via math_equal}; its symbolic step is our
 * LaTeX parser with numeric comparison, since no maintained Java CAS reads latex2sympy's
 * grammar), or with the reference's stdlib fallback ({@code compared via stdlib-fallback}: what
 * AIPerf does without sympy installed).
 *
 * @param stdlibFallback compare the way the reference does without sympy ({@code infermark.accuracy-math-compare})
 */
public record MathGrader(boolean stdlibFallback) implements Grader {
  public MathGrader() {
    this(false);
  }

  private static final Pattern PHRASE = Py.regex(
      "(?:final\\s+answer|the\\s+answer\\s+is|answer\\s*[:=]|answer\\s+is)\\s*[:=]?\\s*(.+?)(?:(?<!\\d)\\.(?!\\d)|\\n|$)",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern NUMBER = Py.regex("-?\\d+(?:\\.\\d+)?(?:/\\d+)?");
  private static final Pattern BRACES = Py.regex("[\\\\{}]");
  private static final Pattern NL_SPACE = Py.regex("\\n\\s*");

  /** An extracted answer and whether a fallback produced it. */
  record Extraction(String answer, boolean unparsed) {}

  @Override
  public String name() {
    return "math";
  }

  @Override
  public Grade grade(String response, String groundTruth) {
    String text = response == null ? "" : response;
    Extraction e = extract(text);
    String predStripped = MathStrip.strip(e.answer());
    String goldStripped = MathStrip.strip(groundTruth);
    boolean correct;
    try {
      correct = stdlibFallback ? stdlibEqual(predStripped, goldStripped) : MathEqual.equal(predStripped, goldStripped);
    } catch (RuntimeException | StackOverflowError e2) {
      correct = false; // the reference treats a comparison error as not equal
    }
    String reasoning = "extracted '" + e.answer() + "' (stripped '" + predStripped + "'); ground_truth '" + groundTruth
        + "' (stripped '" + goldStripped + "'); compared via " + (stdlibFallback ? "stdlib-fallback" : "math_equal")
        + "; match=" + Py.bool(correct)
        + (e.unparsed() ? " (regex fallback)" : "");
    return new Grade(correct, e.unparsed(), correct ? 1.0 : 0.0, reasoning, e.answer(), goldStripped);
  }

  static Extraction extract(String text) {
    if (text.isEmpty()) {
      return new Extraction("", true);
    }
    String boxed = lastBoxed(text);
    if (boxed != null) {
      return new Extraction(tail(boxed), false);
    }
    Matcher m = PHRASE.matcher(text);
    String phrase = null;
    while (m.find()) {
      phrase = m.group(1);
    }
    if (phrase != null) {
      String t = Py.strip(phrase);
      String inner = lastBoxed(t);
      if (inner != null) {
        return new Extraction(tail(inner), true);
      }
      if (BRACES.matcher(t).find()) {
        return new Extraction(t, true);
      }
      String num = lastNumber(t);
      return new Extraction(num != null ? num : t, true);
    }
    String num = lastNumber(text);
    if (num != null) {
      return new Extraction(num, true);
    }
    return new Extraction(Py.strip(text), true);
  }

  /** The content of the last {@code \boxed{...}}, brace-balanced; {@code null} when absent or unbalanced. */
  static String lastBoxed(String text) {
    int at = text.lastIndexOf("\\boxed{");
    if (at < 0) {
      return null;
    }
    int start = at + "\\boxed{".length();
    int depth = 1;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          return text.substring(start, i);
        }
      }
    }
    return null;
  }

  private static String tail(String s) {
    String t = NL_SPACE.matcher(s).replaceAll("");
    if (t.startsWith(":")) {
      t = t.substring(1);
    }
    if (t.endsWith(".")) {
      t = t.substring(0, t.length() - 1);
    }
    if (t.endsWith("/")) {
      t = t.substring(0, t.length() - 1);
    }
    return t;
  }

  private static String lastNumber(String s) {
    Matcher m = NUMBER.matcher(s);
    String last = null;
    while (m.find()) {
      last = m.group();
    }
    return last;
  }

  private static final Pattern TRAILING_PUNCT = Py.regex("[.,;:!?]+$");
  private static final Pattern FRAC = Py.regex("\\\\frac\\{([^{}]+)\\}\\{([^{}]+)\\}");
  private static final Pattern TEXTLIKE = Py.regex("\\\\(?:text|mathrm|mathit|mathbf)\\{([^{}]*)\\}");
  private static final Pattern WS = Py.regex("\\s+");
  private static final Pattern RATIO = Py.regex("([+-]?\\d+)/([+-]?\\d+)");
  private static final Pattern DECIMAL = Py.regex("[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?");

  /** The reference's stdlib fallback comparison of two stripped answers. */
  static boolean stdlibEqual(String a, String b) {
    String x = fallbackNormalize(a);
    String y = fallbackNormalize(b);
    BigDecimal[] fx = fraction(x);
    BigDecimal[] fy = fraction(y);
    if (fx != null && fy != null) {
      return fx[0].multiply(fy[1]).compareTo(fy[0].multiply(fx[1])) == 0;
    }
    return !x.isEmpty() && x.equals(y);
  }

  private static String fallbackNormalize(String s) {
    String t = Py.strip(s);
    t = TRAILING_PUNCT.matcher(t).replaceAll("");
    if (t.length() >= 2 && t.startsWith("$") && t.endsWith("$")) {
      t = t.substring(1, t.length() - 1);
    }
    t = t.replace("\\left", "").replace("\\right", "").replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac");
    t = FRAC.matcher(t).replaceAll("($1)/($2)");
    t = TEXTLIKE.matcher(t).replaceAll("$1");
    return WS.matcher(t).replaceAll("");
  }

  /** A {@code Fraction}-parsable value as numerator and denominator, or {@code null}. */
  private static BigDecimal[] fraction(String s) {
    String t = s.replace("(", "").replace(")", "");
    Matcher r = RATIO.matcher(t);
    if (r.matches()) {
      BigInteger den = new BigInteger(r.group(2).replace("+", ""));
      if (den.signum() == 0) {
        return null;
      }
      return new BigDecimal[] {new BigDecimal(new BigInteger(r.group(1).replace("+", ""))), new BigDecimal(den)};
    }
    if (DECIMAL.matcher(t).matches()) {
      return new BigDecimal[] {new BigDecimal(t.replace("+", "")), BigDecimal.ONE};
    }
    return null;
  }
}
