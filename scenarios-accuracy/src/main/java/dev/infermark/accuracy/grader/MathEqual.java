package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.MathValue.Scalar;
import dev.infermark.accuracy.py.Py;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trt-llm recipe's {@code math_equal} cascade on two {@link MathStrip}-normalised answers:
 * case-insensitive text, choice letters, choice prefixes, comma lists, numbers (with percent
 * variants), bracket-insensitive text, equations, then symbolic equality. The symbolic step
 * uses {@link MathParser} and {@link MathCompare} (numeric evaluation) in place of sympy.
 */
final class MathEqual {
  private static final Pattern LETTER = Py.regex("\\b(A|B|C|D|E)\\b");
  private static final List<Pattern> PREFIXES = new ArrayList<>();

  static {
    for (String form : List.of("^\\(%s\\)", "^%s\\.", "^%s\\)", "^\\*\\*%s\\*\\*", "^%s:")) {
      for (String l : List.of("A", "B", "C", "D", "E")) {
        PREFIXES.add(Py.regex(String.format(Locale.ROOT, form, l)));
      }
    }
  }

  private MathEqual() {}

  static boolean equal(String pred, String ref) {
    return equal(pred, ref, 0);
  }

  static boolean equal(String pred, String ref, int depth) {
    if (depth > 5) {
      return false;
    }
    if (Py.strip(pred).toLowerCase(Locale.ROOT).equals(Py.strip(ref).toLowerCase(Locale.ROOT))) {
      return true;
    }
    if (List.of("A", "B", "C", "D", "E").contains(ref)) {
      String cleaned = Py.lstrip(Py.strip(Py.rstrip(Py.rstrip(Py.strip(pred, "\n"), "."), "/"), " "), ":");
      Matcher m = LETTER.matcher(cleaned.toUpperCase(Locale.ROOT));
      String last = null;
      while (m.find()) {
        last = m.group(1);
      }
      if (ref.equals(last)) {
        return true;
      }
    }
    for (Pattern p : PREFIXES) {
      Matcher m = p.matcher(pred);
      if (m.lookingAt() && equal(Py.strip(pred.substring(m.end())), ref, depth + 1)) {
        return true;
      }
    }
    if (pred.contains(",") && ref.contains(",")) {
      List<String> a = sortedParts(pred);
      List<String> b = sortedParts(ref);
      if (a.size() == b.size()) {
        boolean all = true;
        for (int i = 0; i < a.size() && all; i++) {
          all = equal(a.get(i), b.get(i), depth + 1);
        }
        if (all) {
          return true;
        }
      }
    }
    Double p = parseDigits(pred);
    Double r = parseDigits(ref);
    if (p != null && r != null) {
      for (double c : new double[] {r / 100, r, r * 100}) {
        if (Py.isClose(p, c, 1e-9, 1e-4)) {
          return true;
        }
      }
      return false;
    }
    if (pred.isEmpty()) {
      return false;
    }
    String ps = pred;
    String rs = ref;
    if ((pred.startsWith("[") && pred.endsWith("]") && !ref.startsWith("("))
        || (pred.startsWith("(") && pred.endsWith(")") && !ref.startsWith("["))) {
      ps = Py.strip(ps, "[]()");
      rs = Py.strip(rs, "[]()");
    }
    for (String ch : List.of("{", "}", "(", ")")) {
      ps = ps.replace(ch, "");
      rs = rs.replace(ch, "");
    }
    if (ps.toLowerCase(Locale.ROOT).equals(rs.toLowerCase(Locale.ROOT))) {
      return true;
    }
    long pe = pred.chars().filter(c -> c == '=').count();
    long re = ref.chars().filter(c -> c == '=').count();
    if (pe == 1 && re == 1) {
      String[] a = pred.split("=", -1);
      String[] b = ref.split("=", -1);
      if (symbolicEqual(Py.strip(a[0]) + " - (" + Py.strip(a[1]) + ")", Py.strip(b[0]) + " - (" + Py.strip(b[1]) + ")")) {
        return true;
      }
    } else if (pe == 1 && Py.strip(pred.split("=", -1)[0]).length() <= 2 && re == 0) {
      if (equal(pred.split("=", -1)[1], ref, depth + 1)) {
        return true;
      }
    } else if (re == 1 && Py.strip(ref.split("=", -1)[0]).length() <= 2 && pe == 0) {
      if (equal(pred, ref.split("=", -1)[1], depth + 1)) {
        return true;
      }
    }
    return symbolicEqual(pred, ref);
  }

  private static List<String> sortedParts(String s) {
    List<String> parts = new ArrayList<>(Arrays.stream(s.split(",", -1)).map(Py::strip).toList());
    parts.sort(Py.CODE_POINT_ORDER);
    return parts;
  }

  /** {@code parse_digits}: commas removed, {@code float()}, or a trailing percent divided by 100. */
  static Double parseDigits(String s) {
    String t = s.replace(",", "");
    Double v = Py.parseFloat(t);
    if (v != null) {
      return v;
    }
    if (t.endsWith("%")) {
      t = t.substring(0, t.length() - 1);
      if (t.endsWith("\\")) {
        t = t.substring(0, t.length() - 1);
      }
      Double p = Py.parseFloat(t);
      return p == null ? null : p / 100;
    }
    return null;
  }

  /** Equality of two parsed answers: exact structure first, then numerically within 1e-4. */
  static boolean symbolicEqual(String a, String b) {
    MathValue x = parse(a);
    MathValue y = parse(b);
    if (x == null || y == null) {
      return false;
    }
    if (MathCompare.equal(x, y, 5)) {
      return true;
    }
    if (x instanceof Scalar sx && y instanceof Scalar sy) {
      java.util.Map<String, Double> env = new HashMap<>();
      env.put("\\pi", Math.PI);
      double u = sx.node().eval(env);
      double v = sy.node().eval(env);
      return !Double.isNaN(u) && !Double.isNaN(v) && Py.isClose(u, v, 1e-9, 1e-4);
    }
    return false;
  }

  private static MathValue parse(String s) {
    for (String t : List.of(s.replace("\\\\", "\\"), s)) {
      try {
        return MathParser.parse(t);
      } catch (RuntimeException notMath) {
        // try the next form; on total failure the answers stay strings
      }
    }
    return null;
  }
}
