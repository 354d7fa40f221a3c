package dev.infermark.accuracy.py;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * Python-compatible string and number primitives the reference graders depend on:
 * {@code str.strip()} whitespace, {@code float()}/{@code int()} parsing, {@code math.isclose},
 * {@code repr(float)}, {@code format(x, ".2%")} and {@code re} flag translation.
 */
public final class Py {
  private static final Pattern FLOAT = Pattern.compile(
      "[+-]?(?:(?:\\d(?:_?\\d)*)(?:\\.(?:\\d(?:_?\\d)*)?)?|\\.\\d(?:_?\\d)*)(?:[eE][+-]?\\d(?:_?\\d)*)?");
  private static final Pattern SPECIAL = Pattern.compile("[+-]?(?:inf|infinity|nan)", Pattern.CASE_INSENSITIVE);
  private static final Pattern INT = Pattern.compile("[+-]?\\d(?:_?\\d)*");

  /** Python's {@code str} ordering: by code point (Java's {@code compareTo} orders UTF-16 units). */
  public static final java.util.Comparator<String> CODE_POINT_ORDER =
      (a, b) -> java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());

  private Py() {}

  /** {@code str.isspace()} for one code point. */
  public static boolean isSpace(int cp) {
    return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85 || (cp >= 0x1c && cp <= 0x1f);
  }

  /** {@code s.strip()}. */
  public static String strip(String s) {
    return rstrip(lstrip(s));
  }

  public static String lstrip(String s) {
    int i = 0;
    while (i < s.length() && isSpace(s.codePointAt(i))) {
      i += Character.charCount(s.codePointAt(i));
    }
    return s.substring(i);
  }

  public static String rstrip(String s) {
    int j = s.length();
    while (j > 0 && isSpace(s.codePointBefore(j))) {
      j -= Character.charCount(s.codePointBefore(j));
    }
    return s.substring(0, j);
  }

  /** {@code s.strip(chars)}. */
  public static String strip(String s, String chars) {
    return rstrip(lstrip(s, chars), chars);
  }

  public static String lstrip(String s, String chars) {
    int i = 0;
    while (i < s.length() && chars.indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    return s.substring(i);
  }

  public static String rstrip(String s, String chars) {
    int j = s.length();
    while (j > 0 && chars.indexOf(s.charAt(j - 1)) >= 0) {
      j--;
    }
    return s.substring(0, j);
  }

  /** {@code s.split("\n", 1)[0]}. */
  public static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** Python {@code float(s)}, or {@code null} where Python raises {@code ValueError}. */
  public static Double parseFloat(String s) {
    String t = strip(s);
    if (SPECIAL.matcher(t).matches()) {
      String l = t.toLowerCase(java.util.Locale.ROOT);
      boolean neg = l.startsWith("-");
      if (l.contains("nan")) {
        return Double.NaN;
      }
      return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (!FLOAT.matcher(t).matches()) {
      return null;
    }
    return Double.parseDouble(t.replace("_", ""));
  }

  /** Python {@code int(s)}, or {@code null} where Python raises {@code ValueError}. */
  public static BigInteger parseInt(String s) {
    String t = strip(s);
    if (!INT.matcher(t).matches()) {
      return null;
    }
    return new BigInteger(t.replace("_", "").replace("+", ""));
  }

  /** {@code math.isclose(a, b, rel_tol=relTol, abs_tol=absTol)}. */
  public static boolean isClose(double a, double b, double relTol, double absTol) {
    if (a == b) {
      return true;
    }
    if (Double.isInfinite(a) || Double.isInfinite(b) || Double.isNaN(a) || Double.isNaN(b)) {
      return false;
    }
    double diff = Math.abs(a - b);
    return diff <= Math.abs(relTol * b) || diff <= Math.abs(relTol * a) || diff <= absTol;
  }

  /** {@code repr(x)} / {@code str(x)} of a float: shortest round-trip digits, Python's layout. */
  public static String repr(double x) {
    if (Double.isNaN(x)) {
      return "nan";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "inf" : "-inf";
    }
    if (x == 0) {
      return (1 / x < 0) ? "-0.0" : "0.0";
    }
    // Since JDK 19 Double.toString gives the shortest round-trip digits.
    BigDecimal bd = new BigDecimal(Double.toString(x)).stripTrailingZeros();
    String digits = bd.unscaledValue().abs().toString();
    int exp = digits.length() - 1 - bd.scale();
    String sign = x < 0 ? "-" : "";
    if (exp >= -4 && exp < 16) {
      String plain = bd.abs().toPlainString();
      return sign + (plain.contains(".") ? plain : plain + ".0");
    }
    String mant = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return sign + mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
  }

  /** {@code format(x, ".2%")}: the exact binary value of {@code x*100} rounded half-even. */
  public static String percent2(double x) {
    return new BigDecimal(x * 100).setScale(2, RoundingMode.HALF_EVEN).toPlainString() + "%";
  }

  /** Python's {@code True}/{@code False}. */
  public static String bool(boolean b) {
    return b ? "True" : "False";
  }

  /**
   * Compiles a Python {@code re} pattern (already in Java group syntax) with the flags that make
   * Java behave like Python 3: Unicode classes, {@code .} excluding only {@code \n}.
   */
  public static Pattern regex(String pattern, int extraFlags) {
    int flags = Pattern.UNICODE_CHARACTER_CLASS | Pattern.UNIX_LINES | extraFlags;
    if ((extraFlags & Pattern.CASE_INSENSITIVE) != 0) {
      flags |= Pattern.UNICODE_CASE;
    }
    return Pattern.compile(pattern, flags);
  }

  public static Pattern regex(String pattern) {
    return regex(pattern, 0);
  }
}
