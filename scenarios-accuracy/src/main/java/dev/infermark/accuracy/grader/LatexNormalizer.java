package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.py.Py;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of latex2sympy2_extended's {@code normalize_latex} that change what an answer means:
 * boxed extraction, basic LaTeX clean-up, trailing units, equation splitting and nits.
 */
final class LatexNormalizer {
  private static final String UNITS = "(?:units?|degrees?|cm|centimeters?|meters?|metres?|m|km|kilometers?|inches|inch|"
      + "feet|foot|ft|yards?|miles?|dollars?|cents?|hours?|hrs?|minutes?|mins?|seconds?|sec|days?|weeks?|years?|grams?|g|"
      + "kg|kilograms?|pounds?|lbs?|ounces?|oz|liters?|litres?|L|ml|square|sq|cubic|mph|percent|points?|people|students?)";
  private static final Pattern TEXT_UNIT_TAIL = Py.regex("\\\\(?:text|textnormal|mbox|mathrm)\\{\\s*(?:"
      + UNITS + "\\s*)+\\}(?:\\^\\{?\\d\\}?)?\\s*$");
  private static final Pattern TEXT_WRAP = Py.regex(
      "\\\\(?:text|textnormal|textbf|mathrm|mathit|mathbf|mbox|operatorname)\\{([^{}]*)\\}");
  private static final Pattern THOUSANDS = Py.regex("-?\\d{1,3}(?:,\\s?\\d{3})+(?:\\.\\d+)?");
  private static final Pattern APPROX = Py.regex("\\\\approx");
  private static final Pattern LONE_SYMBOL = Py.regex("[a-zA-Z]");
  private static final Pattern BOX_JOIN = Py.regex("\\s*(?:(?:and|or|,|\\\\quad|\\\\qquad|\\\\text\\{\\s*(?:and|or)\\s*\\})\\s*)*");
  private static final Pattern ARRAY_BEGIN = Py.regex("\\\\begin\\{array\\}\\{[^}]*\\}");
  private static final Pattern THOUSANDS_BRACE = Py.regex("\\{\\s*,\\s*\\}");
  private static final Pattern EQ_SPLIT = Py.regex("(?<!\\\\|<|!|>)=");
  private static final Pattern DOUBLE_BACKSLASH_CMD = Py.regex("(?<!\\\\)\\\\\\\\(?=[a-zA-Z])");
  private static final Pattern AND_OR = Py.regex("\\s*\\b(?:and|or)\\b\\s*");
  private static final Pattern UNIT_WORDS = Py.regex(
      "\\s*(?:units?|degrees?|cm|meters?|km|inches|inch|feet|foot|ft|dollars?|cents?|hours?|minutes?|seconds?|days?)\\s*$");

  private LatexNormalizer() {}

  /** @param lastBoxed take only the last {@code \boxed} (the {@code latexBoxed} group), else all of them */
  static String normalize(String text, boolean lastBoxed) {
    String s = boxed(text, lastBoxed);
    s = s.replace("\n", " ").replace("\t", " ");
    s = DOUBLE_BACKSLASH_CMD.matcher(s).replaceAll(Matcher.quoteReplacement("\\"));
    s = s.replace("\\left", "").replace("\\right", "").replace("\\!", "").replace("\\displaystyle", "")
        .replace("\\$", "").replace("$", "").replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")
        .replace("\\cfrac", "\\frac").replace("\\ldots", " ").replace("\\dots", " ").replace("\\,", "")
        .replace("\\;", "").replace("\\mathrm{th}", "").replace("^{\\circ}", "").replace("^\\circ", "")
        .replace("\\%", "%").replace("~", " ");
    s = ARRAY_BEGIN.matcher(s).replaceAll(Matcher.quoteReplacement("\\begin{pmatrix}"));
    s = s.replace("\\end{array}", "\\end{pmatrix}").replace("bmatrix", "pmatrix").replace("vmatrix", "pmatrix");
    s = THOUSANDS_BRACE.matcher(s).replaceAll("");
    s = s.replace("infinity", "\\infty").replace("\\quad", " ").replace("\\qquad", " ");
    s = AND_OR.matcher(s).replaceAll(";");
    for (int i = 0; i < 2; i++) {
      s = TEXT_UNIT_TAIL.matcher(Py.strip(s)).replaceAll("");
    }
    s = TEXT_WRAP.matcher(s).replaceAll("$1");
    s = UNIT_WORDS.matcher(s).replaceAll("");
    s = Py.strip(s);
    String[] approx = APPROX.split(s, 2);
    if (approx.length == 2) {
      // "x \approx 11" means 11; "1/3 \approx 0.33" keeps the exact left side.
      s = LONE_SYMBOL.matcher(Py.strip(approx[0])).matches() ? Py.strip(approx[1]) : Py.strip(approx[0]);
    }
    if (THOUSANDS.matcher(s).matches()) {
      s = s.replace(",", "").replace(" ", "");
    }
    if (!s.contains(",") && !s.contains(";")) {
      String[] parts = EQ_SPLIT.split(s, -1);
      if (parts.length > 2) {
        s = Py.strip(parts[parts.length - 1]);
      }
    }
    if (s.startsWith(".")) {
      s = "0" + s;
    }
    s = Py.rstrip(s, ".");
    return Py.strip(s);
  }

  /** The contents of {@code \boxed}/{@code \fbox} groups: all joined by commas, or only the last. */
  static String boxed(String text, boolean lastOnly) {
    List<String> found = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    int from = 0;
    while (true) {
      int b = text.indexOf("\\boxed", from);
      int f = text.indexOf("\\fbox", from);
      int at = b < 0 ? f : f < 0 ? b : Math.min(b, f);
      if (at < 0) {
        break;
      }
      int open = text.indexOf('{', at);
      String between = open < 0 ? "" : text.substring(at + (at == b ? 6 : 5), open);
      if (open < 0 || !between.isBlank()) {
        from = at + 1;
        continue;
      }
      int depth = 0;
      int end = -1;
      for (int i = open; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '{') {
          depth++;
        } else if (c == '}' && --depth == 0) {
          end = i;
          break;
        }
      }
      if (end < 0) {
        break;
      }
      found.add(text.substring(open + 1, end));
      starts.add(at);
      ends.add(end);
      from = end + 1;
    }
    if (found.isEmpty()) {
      return text;
    }
    if (!lastOnly) {
      return String.join(",", found);
    }
    // "last": the last box plus earlier ones joined to it only by and / or / commas.
    List<String> kept = new ArrayList<>();
    kept.add(found.get(found.size() - 1));
    for (int k = found.size() - 2; k >= 0; k--) {
      if (!BOX_JOIN.matcher(text.substring(ends.get(k) + 1, starts.get(k + 1))).matches()) {
        break;
      }
      kept.add(0, found.get(k));
    }
    return String.join(",", kept);
  }
}
