package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.MathValue.Num;
import dev.infermark.accuracy.grader.MathValue.Op;
import dev.infermark.accuracy.grader.MathValue.Scalar;
import dev.infermark.accuracy.grader.MathValue.Seq;
import dev.infermark.accuracy.grader.MathValue.Text;
import dev.infermark.accuracy.py.Py;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * lighteval's multilingual extractive match (English): the indices, expression and LaTeX
 * extraction regexes with their priorities, the right-most-match-first search, the first-match
 * string fallback, and {@link MathCompare} for the comparison.
 */
final class ExtractiveMatch {
  /** What to extract: letters, a plain expression, or LaTeX. */
  sealed interface Target permits Indices, Expr, Latex {}

  record Indices(boolean tryWithoutAnchor) implements Target {}

  record Expr() implements Target {}

  record Latex(int boxedPriority, boolean tryWithoutAnchor) implements Target {}

  private record Rx(Pattern pattern, int priority, int targetOrder, Target target) {}

  /** The extraction result: parsed values (plus the string fallback) and whether a pattern parsed. */
  record Extracted(List<MathValue> values, boolean parsed) {}

  /** lighteval's extraction timeout. */
  static final long TIMEOUT_S = 5;

  private ExtractiveMatch() {}

  /**
   * lighteval's translation literals for the languages its test cases use; AIPerf's graders run
   * in English. Other languages fall back to English.
   *
   * @param answer the answer word
   * @param fullStop the full stop
   * @param comma the comma
   * @param colon the colon
   * @param space the sentence space (empty for Chinese)
   * @param and the conjunction joining several LaTeX answers
   * @param or the disjunction joining several LaTeX answers
   */
  record Lang(String answer, String fullStop, String comma, String colon, String space, String and, String or) {
    static final Lang ENGLISH = new Lang("answer", ".", ",", ":", " ", "and", "or");
    static final Lang FRENCH = new Lang("réponse", ".", ",", ":", " ", "et", "ou");
    static final Lang CHINESE = new Lang("答案", "。", "，", "：", "", "和", "或");

    static Lang of(String name) {
      return switch (name.toUpperCase(java.util.Locale.ROOT)) {
        case "FRENCH" -> FRENCH;
        case "CHINESE" -> CHINESE;
        default -> ENGLISH;
      };
    }

    String sp() {
      return space.isEmpty() ? "" : "\\ ";
    }

    String stop() {
      return "[" + fullStop + "\\.]";
    }

    String cm() {
      return "[" + comma + "\\,]";
    }

    String col() {
      return "[" + colon + "\\:]";
    }

    String ans() {
      return "(?i:" + answer + ")";
    }

    boolean english() {
      return this == ENGLISH;
    }
  }

  // ---- indices -------------------------------------------------------------------------------
  private static final String I = "(?<indices>(?:A|\\(A\\))|(?:B|\\(B\\))|(?:C|\\(C\\))|(?:D|\\(D\\)))";

  private static String is(Lang l) {
    return "(?:\\*\\*)?(?:" + l.stop() + "|" + l.cm() + "|\\s?" + l.col() + "|" + l.sp() + "|$)";
  }

  private static List<Rx> indices(Indices t, int order, Lang l) {
    List<Rx> r = new ArrayList<>();
    String is = is(l);
    if (l.english()) {
      r.add(rx("(?i:final answer is)\\:?\\s*" + I + "\\.?\\s?I hope", 0, order, t, 0));
      r.add(rx("(?i:final answer.{0,100}?)\\s+is\\:?\\s*" + I, 50, order, t, 0));
    }
    r.add(rx(l.ans() + "\\s?" + l.col() + ".{0,50}?(?:^|" + l.sp() + ")(?:\\*\\*)?" + I + is, 100, order, t, 0));
    r.add(rx(l.ans() + ".{0,50}?(?:^|" + l.sp() + ")(?:\\*\\*)?" + I + is, 150, order, t, 0));
    r.add(rx("^(?:\\*\\*)?" + I + is, 200, order, t, 0));
    r.add(rx("\\n(?:\\*\\*)?" + I + is, 210, order, t, 0));
    if (t.tryWithoutAnchor()) {
      r.add(rx("(?:^|" + l.sp() + ")(?:\\*\\*)?" + I + is, 250, order, t, 0));
      r.add(rx(I, 300, order, t, 0));
    }
    return r;
  }

  // ---- expressions ---------------------------------------------------------------------------
  private static final String N = "(?:(?<integer1>-?\\d{1,3}(?:[ ,]\\d{3})+)(?<decimal1>\\.\\d+)?|(?<integer2>-?\\d+)"
      + "(?<decimal2>[.,]\\d+)|(?<decimal3>\\.\\d+)|(?<integer3>-?\\d+))"
      + "(?<percent>\\s*(?:%|[Pp]ercent|\\s*[Pp]ercentage|\\s*[Pp]ct))?";
  private static final String OPS = "\\d\\.\\s\\+\\-\\*×\\/\\^\\(\\)÷";
  private static final String X = "(?<expr>-?\\(?-?\\d[" + OPS + "]*[\\+\\-\\*×\\/\\^\\(\\)÷][" + OPS + "]+\\)?)";
  private static final String CURRENCY = "[\\$€£¥₹₽₪₩₫฿₡₢₣₤₥₦₧₨₩₪₫₭₮₯₰₱₲₳₴₵₶₷₸₹₺₻₼₽₾₿]";

  private static String xa(Lang l) {
    String p = "(?:^|(?:\\s|" + l.sp() + ")|\\=)(?:\\*\\*)?";
    String q = "(?:\\*\\*)?(?:" + l.stop() + "|" + l.cm() + "|\\s?" + l.col() + "|(?:\\s|" + l.sp() + ")|\\)|\\$|$)";
    return "(?:" + p + X + q + ")";
  }

  private static String na(Lang l) {
    return "(?:(?:^|(?:\\s|" + l.sp() + ")|\\=)(?:\\*\\*)?" + CURRENCY + "?" + N + ")";
  }

  private static List<Rx> expr(Expr t, int order, Lang l) {
    String e = "(?:" + xa(l) + "|" + na(l) + ")";
    List<Rx> r = new ArrayList<>();
    if (l.english()) {
      r.add(rx("(?i:final answer is)\\:?\\s*" + e + "\\.?\\s?I hope", 0, order, t, 0));
      r.add(rx("(?i:final answer.{0,100}?)\\s+is\\:?" + e, 50, order, t, 0));
    }
    r.add(rx(l.ans() + "\\s?" + l.col() + "(?:.{0,100}=\\s*|.{0,50}?)" + e + "(?!\\s*=)", 100, order, t, 0));
    r.add(rx(l.ans() + "(?:.{0,100}=\\s*|.{0,50}?)" + e + "(?!\\s*=)", 200, order, t, 0));
    r.add(rx(xa(l), 300, order, t, 0));
    r.add(rx(na(l), 300, order, t, 0));
    return r;
  }

  // ---- latex ---------------------------------------------------------------------------------
  private static String env(String p, boolean boxed) {
    String[][] alts = {
        {"(?<!\\\\)\\$\\$", "latexDisplayDollar", "(?:[^$]|\\$(?!\\$))", "(?<!\\\\)\\$\\$"},
        {"(?<!\\\\)\\\\\\[", "latexDisplayBracket", "(?:[^\\\\]|\\\\(?!\\]))", "(?<!\\\\)\\\\\\]"},
        {"(?<!\\\\|\\d)\\$", "latexInlineDollar", "(?:\\\\[$]|[^\\n$])", "(?<!\\\\)\\$"},
        {"(?<!\\\\)\\\\\\(", "latexInlineParenthesis", "(?:[^\\\\\\n]|\\\\(?!\\)))", "(?<!\\\\)\\\\\\)"},
        {"\\s\\[", "latexInlineBracket", "[^\\n\\]\\[]", "\\]\\s"}};
    List<String> parts = new ArrayList<>();
    for (String[] a : alts) {
      String content = boxed ? a[2] + "*?\\\\boxed\\{" + a[2] + "+?\\}" + a[2] + "*?" : a[2] + "+?";
      parts.add(a[0] + "(?<" + p + a[1] + ">" + content + ")" + a[3]);
    }
    if (!boxed) {
      parts.add("(?<" + p + "latexFraction>-?\\\\frac\\{-?\\d+(?:[.,]\\d+)?\\}\\{-?\\d+(?:[.,]\\d+)?\\})");
    }
    return "(?:(?:" + String.join("|", parts) + ")\\s*(?<" + p + "percent>(?:\\\\?%|[Pp]ercent|[Pp]ercentage|[Pp]ct))?)";
  }

  private static String envs(boolean boxed, Lang l) {
    StringBuilder b = new StringBuilder(env("first", boxed));
    for (int i = 1; i <= 5; i++) {
      b.append("(?:\\s*(?:" + l.and() + "|" + l.or() + "|" + l.cm() + ")\\s*").append(env("next" + i, boxed)).append(")?");
    }
    return b.toString();
  }

  private static List<Rx> latex(Latex t, int order, Lang l) {
    String ls = envs(false, l);
    List<Rx> r = new ArrayList<>();
    int d = Pattern.DOTALL;
    if (l.english()) {
      r.add(rx("(?i:final answer is)\\:?\\s*" + ls + "\\.?\\s?I hope", 0, order, t, d));
      r.add(rx("(?i:final answer.{0,100}?)\\s+is\\:?\\s*" + ls, 50, order, t, d));
    }
    r.add(rx(l.ans() + "\\s?" + l.col() + ".{0,50}?" + ls, 100, order, t, d));
    r.add(rx(l.ans() + ".{0,50}?" + ls, 200, order, t, d));
    if (t.tryWithoutAnchor()) {
      r.add(rx(ls, 300, order, t, d));
    }
    if (t.boxedPriority() >= 0) {
      r.add(rx(envs(true, l), t.boxedPriority(), order, t, d));
      r.add(rx("(?<firstlatexBoxed>\\\\boxed\\{.+\\})", t.boxedPriority(), order, t, d));
    }
    return r;
  }

  private static final java.util.Map<String, Pattern> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

  private static Rx rx(String pattern, int priority, int order, Target t, int flags) {
    Pattern p = CACHE.computeIfAbsent(flags + ":" + pattern, k -> Py.regex(pattern, flags));
    return new Rx(p, priority, order, t);
  }

  private static List<Rx> patterns(List<Target> targets, Lang lang) {
    List<Rx> all = new ArrayList<>();
    for (Target t : targets) {
      switch (t) {
        case Indices i -> all.addAll(indices(i, 0, lang));
        case Latex l -> all.addAll(latex(l, 1, lang));
        case Expr e -> all.addAll(expr(e, 2, lang));
      }
    }
    // Stable: by priority, then indices < latex < expr, then each target's own order.
    all.sort(Comparator.comparingInt(Rx::priority).thenComparingInt(Rx::targetOrder));
    return all;
  }

  private record Hit(Matcher m, int start, int end, Target target) {}

  /** {@code extract_target_from_pred} with {@code any_match} extraction and {@code first_match} fallback. */
  static Extracted extract(String text, List<Target> targets) {
    return extract(text, targets, Lang.ENGLISH);
  }

  static Extracted extract(String text, List<Target> targets, Lang lang) {
    List<Rx> all = patterns(targets, lang);
    CharSequence guarded = new Deadline(text, TIMEOUT_S);
    List<MathValue> values = new ArrayList<>();
    List<String> fallbacks = new ArrayList<>();
    int i = 0;
    boolean parsed = false;
    while (i < all.size() && values.isEmpty()) {
      int prio = all.get(i).priority();
      List<Hit> hits = new ArrayList<>();
      for (; i < all.size() && all.get(i).priority() == prio; i++) {
        Rx rx = all.get(i);
        Matcher m = rx.pattern().matcher(guarded);
        while (m.find()) {
          Matcher copy = rx.pattern().matcher(guarded);
          copy.find(m.start());
          hits.add(new Hit(copy, m.start(), m.end(), rx.target()));
        }
      }
      // Right-most end first, then left-most start (Python: sorted by (end, -start), reverse).
      hits.sort(Comparator.comparingInt(Hit::end).reversed().thenComparingInt(Hit::start));
      for (Hit h : hits) {
        Attempt a = switch (h.target()) {
          case Indices ix -> indexValue(h.m());
          case Expr ex -> exprValue(h.m());
          case Latex lx -> latexValue(h.m());
        };
        if (a.fallback() != null && !a.fallback().isEmpty()) {
          fallbacks.add(a.fallback());
        }
        if (a.value() != null) {
          values.add(a.value());
          parsed = true;
          break;
        }
      }
    }
    if (!fallbacks.isEmpty()) {
      values.add(new Text(fallbacks.get(0)));
    }
    return new Extracted(values, parsed);
  }

  private record Attempt(MathValue value, String fallback) {}

  private static Attempt indexValue(Matcher m) {
    String v = Py.strip(m.group("indices").replace("(", "").replace(")", ""));
    return new Attempt(new Text(v), v);
  }

  private static String group(Matcher m, String name) {
    try {
      return m.group(name);
    } catch (IllegalArgumentException noSuchGroup) {
      return null;
    }
  }

  private static Attempt exprValue(Matcher m) {
    String whole = m.group();
    String percent = group(m, "percent");
    for (String[] g : new String[][] {{"integer1", "decimal1"}, {"integer2", "decimal2"}, {null, "decimal3"}, {"integer3", null}}) {
      String in = g[0] == null ? null : group(m, g[0]);
      String de = g[1] == null ? null : group(m, g[1]);
      if (in != null || de != null) {
        String intPart = in == null ? "" : in.replace(",", "").replace(" ", "");
        boolean neg = intPart.startsWith("-");
        String digits = Py.lstrip(neg ? intPart.substring(1) : intPart, "0");
        if (digits.isEmpty()) {
          digits = "0";
        }
        String dec = de == null ? "" : de.replace(",", ".");
        double v = Double.parseDouble(digits + dec) * (neg ? -1 : 1);
        MathValue.Node n = new Num(v, !dec.isEmpty());
        if (percent != null) {
          n = new Op('/', n, new Num(100, false));
        }
        return new Attempt(new Scalar(n), whole);
      }
    }
    String expr = group(m, "expr");
    if (expr != null) {
      try {
        return new Attempt(MathParser.parse(expr.replace("\n", " ").replace("^", "**")), whole);
      } catch (RuntimeException e) {
        return new Attempt(null, whole);
      }
    }
    return new Attempt(null, whole);
  }

  private static Attempt latexValue(Matcher m) {
    List<String> strs = new ArrayList<>();
    List<MathValue> vals = new ArrayList<>();
    int groups = 0;
    for (String prefix : new String[] {"first", "next1", "next2", "next3", "next4", "next5"}) {
      String found = null;
      String kind = null;
      for (String k : new String[] {"latexDisplayDollar", "latexDisplayBracket", "latexInlineDollar",
          "latexInlineParenthesis", "latexInlineBracket", "latexFraction", "latexBoxed"}) {
        String v = group(m, prefix + k);
        if (v != null && !v.isEmpty()) {
          found = v;
          kind = k;
          break;
        }
      }
      if (found == null) {
        continue;
      }
      groups++;
      String norm = LatexNormalizer.normalize(found, kind.equals("latexBoxed"));
      strs.add(norm);
      try {
        MathValue v = MathParser.parse(norm);
        if (group(m, prefix + "percent") != null && v instanceof Scalar s) {
          v = new Scalar(new Op('/', s.node(), new Num(100, false)));
        }
        vals.add(v);
      } catch (RuntimeException unparsable) {
        // lighteval skips a group latex2sympy cannot parse
      }
    }
    String fallback = String.join(" and ", strs);
    if (vals.isEmpty()) {
      return new Attempt(null, fallback);
    }
    if (vals.size() > 1 && vals.size() == groups) {
      List<MathValue> flat = new ArrayList<>();
      for (MathValue v : vals) {
        if (v instanceof Seq s && s.kind() == MathValue.Kind.SET) {
          flat.addAll(s.items()); // a FiniteSet of all elements
        } else {
          flat.add(v);
        }
      }
      return new Attempt(new Seq(MathValue.Kind.SET, flat, false, false), fallback);
    }
    return new Attempt(vals.get(0), fallback);
  }

  /** The metric: 1.0 when any extracted gold equals any extracted prediction. */
  static double score(String gold, String pred, List<Target> goldTargets, List<Target> predTargets, int precision) {
    return score(gold, pred, goldTargets, predTargets, precision, Lang.ENGLISH);
  }

  static double score(String gold, String pred, List<Target> goldTargets, List<Target> predTargets, int precision,
      Lang lang) {
    Extracted g = extract(gold, goldTargets, lang);
    List<MathValue> golds = g.values().isEmpty() ? List.of(new Text(gold)) : g.values();
    Extracted p = extract(pred, predTargets, lang);
    for (MathValue x : golds) {
      for (MathValue y : p.values()) {
        if (MathCompare.equal(x, y, precision)) {
          return 1.0;
        }
      }
    }
    return 0.0;
  }
}
