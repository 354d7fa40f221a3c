package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trt-llm recipe's {@code strip_string} answer normalisation as aiperf ships it (one unit
 * pass, word-to-number off), step by step in the reference order.
 */
final class MathStrip {
  /** The MathQA-derived unit list, upstream typos included (do not fix: parity). */
  private static final List<String> UNIT_BASE = List.of("east", "degree", "mph", "kmph", "ft", "m sqaure", " m east",
      "sq m", "deg", "mile", "q .", "monkey", "prime", "ratio", "profit of rs", "rd", "o", "gm", "p . m", "lb", "tile",
      "per", "dm", "lt", "gain", "ab", "way", "west", "a .", "b .", "c .", "d .", "e .", "f .", "g .", "h .", "t", "a", "h",
      "no change", "men", "soldier", "pie", "bc", "excess", "st", "inches", "noon", "percent", "by", "gal", "kmh", "c",
      "acre", "rise", "a . m", "th", "π r 2", "sq", "mark", "l", "toy", "coin", "sq . m", "gallon", "° f", "profit",
      "minw", "yr", "women", "feet", "am", "pm", "hr", "cu cm", "square", "v â € ™", "are", "rupee", "rounds", "cubic",
      "cc", "mtr", "s", "ohm", "number", "kmph", "day", "hour", "minute", "min", "second", "man", "woman", "sec", "cube",
      "mt", "sq inch", "mp", "∏ cm ³", "hectare", "more", "sec", "unit", "cu . m", "cm 2", "rs .", "rs", "kg", "g",
      "month", "km", "m", "cm", "mm", "apple", "liter", "loss", "yard", "pure", "year", "increase", "decrease", "d",
      "less", "Surface", "litre", "pi sq m", "s .", "metre", "meter", "inch");
  private static final List<Pattern> UNITS = new ArrayList<>();

  static {
    List<String> all = new ArrayList<>(UNIT_BASE);
    UNIT_BASE.forEach(u -> all.add(u + "s"));
    // The unit text is deliberately not escaped: upstream builds the regex from it verbatim.
    all.forEach(u -> UNITS.add(Py.regex("(^|\\W)" + u + "($|\\W)")));
  }

  private static final Pattern ARRAY_BEGIN = Py.regex("\\\\begin\\{array\\}\\{.*?\\}");
  private static final Pattern ARRAY_END = Py.regex("\\\\end\\{array\\}");
  private static final Pattern TEXT_TAIL = Py.regex("\\\\text\\{.*?\\}$");
  private static final Pattern TEXT = Py.regex("\\\\text\\{(.*?)\\}");
  private static final Pattern MONTHS = Py.regex(
      "\\b(January|February|March|April|May|June|July|August|September|October|November|December)\\b",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern MBOX = Py.regex("\\\\mbox\\{.*?\\}");
  private static final Pattern TRAILING_ZEROS = Py.regex("(\\d+)\\.0*([^\\d])");
  private static final Pattern TRAILING_ZEROS_END = Py.regex("(\\d+)\\.0*$");
  private static final Pattern SQRT = Py.regex("\\\\sqrt(\\w+)");

  private MathStrip() {}

  static String strip(String input) {
    String s = Py.strip(input).replace("\n", "");
    s = Py.rstrip(s, ".");
    s = s.replace("\\!", "");
    s = ARRAY_BEGIN.matcher(s).replaceAll(Matcher.quoteReplacement("\\begin{pmatrix}"));
    s = ARRAY_END.matcher(s).replaceAll(Matcher.quoteReplacement("\\end{pmatrix}"));
    s = s.replace("bmatrix", "pmatrix");
    s = s.replace("tfrac", "frac").replace("dfrac", "frac");
    s = s.replace("\\neq", "\\ne").replace("\\leq", "\\le").replace("\\geq", "\\ge");
    s = s.replace("\\left", "").replace("\\right", "");
    s = s.replace("\\{", "{").replace("\\}", "}");
    String t = Py.strip(TEXT_TAIL.matcher(s).replaceAll(""));
    if (!t.isEmpty() && !t.equals(s)) {
      s = t;
    }
    for (Pattern unit : UNITS) {
      String r = unit.matcher(s).replaceAll("$1$2");
      if (!r.isEmpty()) {
        s = r;
      }
    }
    s = s.replace("^{\\circ}", "").replace("^\\circ", "");
    s = s.replace("\\$", "").replace("$", "");
    s = s.replace("\\(", "").replace("\\)", "");
    s = TEXT.matcher(s).replaceAll("$1");
    for (String v : List.of("x=", "y=", "z=", "x\\in", "y\\in", "z\\in", "x\\to", "y\\to", "z\\to")) {
      s = s.replace(v, "");
    }
    s = s.replace("\\emptyset", "{}");
    s = s.replace("(-\\infty,\\infty)", "\\mathbb{R}");
    s = s.replace("\\%", "").replace("%", "");
    s = MONTHS.matcher(s).replaceAll("");
    s = s.replace(" .", " 0.").replace("{.", "{0.");
    s = s.replace("infinity", "\\infty");
    if (!s.contains("\\infty")) {
      s = s.replace("inf", "\\infty");
    }
    s = s.replace("+\\inity", "\\infty");
    s = s.replace("and", "").replace("\\mathbf", "");
    s = MBOX.matcher(s).replaceAll("");
    if (s.contains("j") && !s.contains("i")) {
      s = s.replace("j", "i");
    }
    s = TRAILING_ZEROS.matcher(s).replaceAll("$1$2");
    s = TRAILING_ZEROS_END.matcher(s).replaceAll("$1");
    if (s.isEmpty()) {
      return "";
    }
    if (s.charAt(0) == '.') {
      s = "0" + s;
    }
    String[] eq = s.split("=", -1);
    if (eq.length == 2 && eq[0].length() <= 2) {
      s = eq[1];
    }
    s = SQRT.matcher(s).replaceAll(Matcher.quoteReplacement("\\sqrt{") + "$1}");
    s = s.replace(" ", "");
    s = fixFracs(s);
    s = fixASlashB(s);
    return s;
  }

  /** Hendrycks {@code _fix_fracs}: {@code \frac12} to {@code \frac{1}{2}}. */
  static String fixFracs(String string) {
    String[] parts = string.split(Pattern.quote("\\frac"), -1);
    StringBuilder out = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      String sub = parts[i];
      out.append("\\frac");
      if (!sub.isEmpty() && sub.charAt(0) == '{') {
        out.append(sub);
      } else {
        if (sub.length() < 2) {
          return string;
        }
        char a = sub.charAt(0);
        char b = sub.charAt(1);
        if (b != '{') {
          out.append('{').append(a).append("}{").append(b).append('}').append(sub.substring(2));
        } else {
          out.append('{').append(a).append('}').append(b).append(sub.substring(2));
        }
      }
    }
    return out.toString();
  }

  /** {@code _fix_a_slash_b}: {@code 3/4} to {@code \frac{3}{4}} (ints re-printed, no round-trip check). */
  static String fixASlashB(String s) {
    String[] p = s.split("/", -1);
    if (p.length != 2) {
      return s;
    }
    String a = p[0];
    String b = p[1];
    if (!a.contains("sqrt")) {
      BigInteger ai = Py.parseInt(a);
      if (ai == null) {
        return s;
      }
      a = ai.toString();
    }
    if (!b.contains("sqrt")) {
      BigInteger bi = Py.parseInt(b);
      if (bi == null) {
        return s;
      }
      b = bi.toString();
    }
    return "\\frac{" + a + "}{" + b + "}";
  }
}
