package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.MathValue.Fn;
import dev.infermark.accuracy.grader.MathValue.Kind;
import dev.infermark.accuracy.grader.MathValue.Node;
import dev.infermark.accuracy.grader.MathValue.Num;
import dev.infermark.accuracy.grader.MathValue.Op;
import dev.infermark.accuracy.grader.MathValue.Relation;
import dev.infermark.accuracy.grader.MathValue.Scalar;
import dev.infermark.accuracy.grader.MathValue.Seq;
import dev.infermark.accuracy.grader.MathValue.Sym;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A small parser for the LaTeX and plain-text math that answers use (numbers, + - * / ^,
 * {@code \frac}, {@code \sqrt}, functions, {@code \pi}, implicit products, tuples, sets,
 * intervals, relations) into {@link MathValue}s. It stands in for latex2sympy / sympy's
 * {@code parse_expr}; what it cannot parse is an error, and the caller falls back to text.
 */
final class MathParser {
  private static final Set<String> FUNCS = Set.of("sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan",
      "ln", "log", "exp");
  private final List<String> toks;
  private int pos;

  private MathParser(List<String> toks) {
    this.toks = toks;
  }

  /** Parses a whole answer. @throws IllegalArgumentException when it is not math this parser knows */
  static MathValue parse(String text) {
    List<String> t = tokenize(text);
    if (t.isEmpty()) {
      throw new IllegalArgumentException("empty");
    }
    MathParser p = new MathParser(t);
    List<MathValue> items = p.list();
    if (p.pos != t.size()) {
      throw new IllegalArgumentException("unexpected '" + t.get(p.pos) + "'");
    }
    return items.size() == 1 ? items.get(0) : new Seq(Kind.SET, items, false, false);
  }

  static List<String> tokenize(String s) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (Character.isDigit(c) || (c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)))) {
        int j = i;
        StringBuilder num = new StringBuilder();
        while (j < s.length()) {
          char d = s.charAt(j);
          if (Character.isDigit(d) || d == '.') {
            num.append(d);
            j++;
          } else if (d == ' ' && j + 1 < s.length() && Character.isDigit(s.charAt(j + 1)) && !num.toString().contains(".")) {
            j++; // TeX ignores spaces in math mode: "14 916" is 14916
          } else {
            break;
          }
        }
        out.add(num.toString());
        i = j;
      } else if (c == '\\') {
        int j = i + 1;
        while (j < s.length() && Character.isLetter(s.charAt(j))) {
          j++;
        }
        if (j == i + 1 && j < s.length()) {
          j++;
        }
        String cmd = s.substring(i, j);
        if ((cmd.equals("\\begin") || cmd.equals("\\end")) && j < s.length() && s.charAt(j) == '{' && s.indexOf('}', j) > 0) {
          int close = s.indexOf('}', j);
          out.add(cmd + s.substring(j, close + 1)); // \begin{pmatrix}
          i = close + 1;
          continue;
        }
        if (cmd.equals("\\text") || cmd.equals("\\textbf") || cmd.equals("\\mathrm") || cmd.equals("\\mbox")) {
          int open = s.indexOf('{', j);
          int close = open < 0 ? -1 : s.indexOf('}', open);
          if (open == j && close > 0) {
            String inner = s.substring(open + 1, close).trim();
            if (!inner.isEmpty()) {
              out.add("\"" + inner);
            }
            i = close + 1;
            continue;
          }
        }
        if (!List.of("\\left", "\\right", "\\,", "\\;", "\\!", "\\ ", "\\displaystyle", "\\quad", "\\qquad", "\\big",
            "\\Big", "\\bigl", "\\bigr", "\\mathbf", "\\boldsymbol").contains(cmd)) {
          out.add(cmd);
        }
        i = j;
      } else if (Character.isLetter(c)) {
        int j = i;
        while (j < s.length() && Character.isLetter(s.charAt(j))) {
          j++;
        }
        String w = s.substring(i, j);
        if (FUNCS.contains(w) || w.equals("sqrt") || w.equals("pi")) {
          out.add("\\" + w);
        } else {
          for (char ch : w.toCharArray()) {
            out.add(String.valueOf(ch));
          }
        }
        i = j;
      } else if (c == '*' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
        out.add("^");
        i += 2;
      } else if ((c == '<' || c == '>' || c == '!') && i + 1 < s.length() && s.charAt(i + 1) == '=') {
        out.add(c + "=");
        i += 2;
      } else {
        out.add(String.valueOf(c == '×' ? '*' : c == '÷' ? '/' : c == '−' ? '-' : c));
        i++;
      }
    }
    return out;
  }

  private String peek() {
    return pos < toks.size() ? toks.get(pos) : null;
  }

  private boolean eat(String t) {
    if (t.equals(peek())) {
      pos++;
      return true;
    }
    return false;
  }

  private String next() {
    if (pos >= toks.size()) {
      throw new IllegalArgumentException("unexpected end");
    }
    return toks.get(pos++);
  }

  private List<MathValue> list() {
    List<MathValue> items = new ArrayList<>();
    List<List<MathValue>> groups = new ArrayList<>();
    items.add(member());
    while (true) {
      if (eat(",")) {
        items.add(member());
      } else if (eat(";")) {
        groups.add(items); // "p=5,q=2; p=7,q=2": one solution per ';'
        items = new ArrayList<>();
        items.add(member());
      } else {
        break;
      }
    }
    if (groups.isEmpty()) {
      return items;
    }
    groups.add(items);
    List<MathValue> solutions = new ArrayList<>();
    for (List<MathValue> g : groups) {
      solutions.add(g.size() == 1 ? g.get(0) : new Seq(Kind.TUPLE, g, true, true));
    }
    return solutions;
  }

  /** {@code x \in S} (x a variable): the set S, as the answer it states. */
  private MathValue member() {
    MathValue v = union();
    if (!"\\in".equals(peek())) {
      return v;
    }
    if (!(v instanceof Scalar s && s.node() instanceof Sym)) {
      throw new IllegalArgumentException("\\in after a non-variable");
    }
    pos++;
    return union();
  }

  /** {@code A \cup B}: a union, compared as an unordered collection of its parts. */
  private MathValue union() {
    MathValue first = relation();
    if (!"\\cup".equals(peek())) {
      return first;
    }
    List<MathValue> parts = new ArrayList<>(List.of(first));
    while (eat("\\cup")) {
      parts.add(relation());
    }
    return new Seq(Kind.UNION, parts, false, false);
  }

  private MathValue relation() {
    MathValue lhs = additive();
    String t = peek();
    String op = t == null ? null : switch (t) {
      case "=" -> "=";
      case "<", "\\lt" -> "<";
      case ">", "\\gt" -> ">";
      case "<=", "\\le", "\\leq", "\\leqslant" -> "<=";
      case ">=", "\\ge", "\\geq", "\\geqslant" -> ">=";
      case "!=", "\\ne", "\\neq" -> "!=";
      default -> null;
    };
    if (op == null) {
      return lhs;
    }
    pos++;
    return new Relation(op, lhs, relation());
  }

  private MathValue additive() {
    MathValue first = term();
    while (true) {
      String t = peek();
      if ("+".equals(t) || "-".equals(t)) {
        pos++;
        first = combine(t.charAt(0), first, term());
      } else {
        return first;
      }
    }
  }

  /** {@code a op b}: scalars build an expression; matrices add element-wise and multiply as matrices. */
  private static MathValue combine(char op, MathValue a, MathValue b) {
    if (a instanceof Seq x && x.kind() == Kind.MATRIX && b instanceof Seq y && y.kind() == Kind.MATRIX) {
      List<List<Node>> m = cells(x);
      List<List<Node>> n = cells(y);
      List<MathValue> rows = new ArrayList<>();
      if (op == '+' || op == '-') {
        if (m.size() != n.size()) {
          throw new IllegalArgumentException("matrix shapes differ");
        }
        for (int i = 0; i < m.size(); i++) {
          if (m.get(i).size() != n.get(i).size()) {
            throw new IllegalArgumentException("matrix shapes differ");
          }
          List<MathValue> row = new ArrayList<>();
          for (int j = 0; j < m.get(i).size(); j++) {
            row.add(new Scalar(new Op(op, m.get(i).get(j), n.get(i).get(j))));
          }
          rows.add(new Seq(Kind.MATRIX, row, false, false));
        }
        return new Seq(Kind.MATRIX, rows, false, false);
      }
      if (op == '*') {
        for (List<Node> row : m) {
          if (row.size() != n.size()) {
            throw new IllegalArgumentException("matrix shapes differ");
          }
          List<MathValue> out = new ArrayList<>();
          for (int j = 0; j < n.get(0).size(); j++) {
            Node sum = new Num(0, false);
            for (int k = 0; k < row.size(); k++) {
              sum = new Op('+', sum, new Op('*', row.get(k), n.get(k).get(j)));
            }
            out.add(new Scalar(sum));
          }
          rows.add(new Seq(Kind.MATRIX, out, false, false));
        }
        return new Seq(Kind.MATRIX, rows, false, false);
      }
    }
    return new Scalar(new Op(op, node(a), node(b)));
  }

  private static List<List<Node>> cells(Seq matrix) {
    List<List<Node>> out = new ArrayList<>();
    for (MathValue r : matrix.items()) {
      out.add(((Seq) r).items().stream().map(MathParser::node).toList());
    }
    return out;
  }

  private static Node node(MathValue v) {
    if (v instanceof Scalar s) {
      return s.node();
    }
    throw new IllegalArgumentException("arithmetic on a non-scalar");
  }

  private MathValue term() {
    MathValue left = unary();
    if (left instanceof Scalar s && s.node() instanceof Num n && !n.isFloat() && n.value() >= 0 && "\\frac".equals(peek())) {
      MathValue frac = unary();
      if (frac instanceof Scalar f && f.node() instanceof Op o && o.op() == '/' && o.a() instanceof Num && o.b() instanceof Num) {
        left = new Scalar(new Op('+', n, o)); // a mixed number: 15\frac{39}{40} is 15 + 39/40
      } else {
        left = combine('*', left, frac);
      }
    }
    while (true) {
      String t = peek();
      if (t == null) {
        return left;
      }
      if (t.equals("*") || t.equals("\\cdot") || t.equals("\\times")) {
        pos++;
        left = combine('*', left, unary());
      } else if (t.equals("/") || t.equals("\\div") || t.equals(":")) { // a ratio 7:32 is 7/32
        pos++;
        left = new Scalar(new Op('/', node(left), node(unary())));
      } else if (startsPrimary(t) || t.startsWith("\\begin{")) {
        left = combine('*', left, unary());
      } else {
        return left;
      }
    }
  }

  private static boolean startsPrimary(String t) {
    char c = t.charAt(0);
    return Character.isLetterOrDigit(c) || c == '.' || c == '(' || c == '{' || c == '"'
        || (c == '\\' && (t.equals("\\frac") || t.equals("\\dfrac") || t.equals("\\tfrac") || t.equals("\\sqrt")
            || t.equals("\\pi") || t.equals("\\infty") || t.equals("\\{") || FUNCS.contains(t.substring(1))
            || (t.length() > 2 && Character.isLetter(t.charAt(1)) && greek(t))));
  }

  private static boolean greek(String t) {
    return Set.of("\\alpha", "\\beta", "\\gamma", "\\delta", "\\theta", "\\lambda", "\\mu", "\\sigma", "\\phi", "\\omega",
        "\\epsilon", "\\rho", "\\tau").contains(t);
  }

  private MathValue unary() {
    if (eat("-")) {
      return new Scalar(new Fn("neg", node(unary())));
    }
    if (eat("+")) {
      return unary();
    }
    return postfix();
  }

  private MathValue postfix() {
    MathValue base = primary();
    while (true) {
      String t = peek();
      if ("^".equals(t)) {
        pos++;
        if ("\\circ".equals(peek())) {
          pos++;
          continue; // degrees: the number stands as written
        }
        MathValue exp = eat("-") ? new Scalar(new Fn("neg", node(arg()))) : arg();
        base = new Scalar(new Op('^', node(base), node(exp)));
      } else if ("!".equals(t)) {
        pos++;
        base = new Scalar(new Fn("fact", node(base)));
      } else if ("%".equals(t) || "\\%".equals(t)) {
        pos++;
        base = new Scalar(new Op('/', node(base), new Num(100, false)));
      } else if ("_".equals(t) && base instanceof Scalar s && s.node() instanceof Sym sym) {
        pos++;
        base = new Scalar(new Sym(sym.name() + "_" + subscript()));
      } else {
        return base;
      }
    }
  }

  private String subscript() {
    if (eat("{")) {
      StringBuilder b = new StringBuilder();
      while (!eat("}")) {
        b.append(next());
      }
      return b.toString();
    }
    return next();
  }

  /** A macro argument: a braced group or a single token (one digit of a number: {@code \frac12}). */
  private MathValue arg() {
    String t = peek();
    if (t == null) {
      throw new IllegalArgumentException("missing argument");
    }
    if (t.equals("{")) {
      pos++;
      List<MathValue> items = list();
      if (!eat("}")) {
        throw new IllegalArgumentException("unbalanced {");
      }
      return items.size() == 1 ? items.get(0) : new Seq(Kind.SET, items, false, false);
    }
    if (Character.isDigit(t.charAt(0)) && t.length() > 1) {
      toks.set(pos, t.substring(1));
      return new Scalar(new Num(t.charAt(0) - '0', false));
    }
    return primary();
  }

  /** {@code \begin{pmatrix} a & b \\ c & d \end{pmatrix}}: a matrix, compared row by row. */
  private MathValue matrix(String env) {
    List<MathValue> rows = new ArrayList<>();
    List<MathValue> row = new ArrayList<>();
    while (true) {
      String t = peek();
      if (t == null) {
        throw new IllegalArgumentException("unterminated " + env);
      }
      if (t.equals("\\end{" + env + "}")) {
        pos++;
        if (!row.isEmpty()) {
          rows.add(new Seq(Kind.MATRIX, row, false, false));
        }
        return new Seq(Kind.MATRIX, rows, false, false);
      }
      if (t.equals("\\\\")) {
        pos++;
        rows.add(new Seq(Kind.MATRIX, row, false, false));
        row = new ArrayList<>();
        continue;
      }
      row.add(additive());
      eat("&");
    }
  }

  private MathValue primary() {
    String t = next();
    char c = t.charAt(0);
    if (Character.isDigit(c) || c == '.') {
      if (t.chars().filter(ch -> ch == '.').count() > 1) {
        throw new IllegalArgumentException("bad number " + t);
      }
      return new Scalar(new Num(Double.parseDouble(t), t.contains(".")));
    }
    if (c == '"') {
      return new Scalar(new Sym(t.substring(1)));
    }
    if (Character.isLetter(c)) {
      return new Scalar(new Sym(t));
    }
    if (t.startsWith("\\begin{") && t.endsWith("matrix}")) {
      return matrix(t.substring(7, t.length() - 1));
    }
    switch (t) {
      case "(", "[" -> {
        List<MathValue> items = list();
        String close = next();
        if (!close.equals(")") && !close.equals("]")) {
          throw new IllegalArgumentException("unbalanced " + t);
        }
        if (items.size() == 1 && t.equals("(") && close.equals(")")) {
          return items.get(0);
        }
        if (items.size() == 1) {
          return items.get(0);
        }
        boolean interval = items.size() == 2 && !(t.equals("(") && close.equals(")"));
        return new Seq(interval ? Kind.INTERVAL : Kind.TUPLE, items, t.equals("("), close.equals(")"));
      }
      case "{" -> {
        List<MathValue> items = list();
        if (!eat("}")) {
          throw new IllegalArgumentException("unbalanced {");
        }
        return items.size() == 1 ? items.get(0) : new Seq(Kind.SET, items, false, false);
      }
      case "\\{" -> {
        List<MathValue> items = list();
        if (!eat("\\}")) {
          throw new IllegalArgumentException("unbalanced \\{");
        }
        return new Seq(Kind.SET, items, false, false);
      }
      case "|" -> {
        MathValue v = additive();
        if (!eat("|")) {
          throw new IllegalArgumentException("unbalanced |");
        }
        return new Scalar(new Fn("abs", node(v)));
      }
      case "\\frac", "\\dfrac", "\\tfrac", "\\cfrac" -> {
        Node a = node(arg());
        Node b = node(arg());
        return new Scalar(new Op('/', a, b));
      }
      case "\\sqrt" -> {
        if (eat("[")) {
          MathValue n = additive();
          if (!eat("]")) {
            throw new IllegalArgumentException("unbalanced [");
          }
          Node x = node(arg());
          return new Scalar(new Op('^', x, new Op('/', new Num(1, false), node(n))));
        }
        return new Scalar(new Fn("sqrt", node(arg())));
      }
      case "\\pi" -> {
        return new Scalar(new Sym("\\pi"));
      }
      case "\\infty" -> {
        return new Scalar(new Num(Double.POSITIVE_INFINITY, false));
      }
      default -> {
        if (t.startsWith("\\") && FUNCS.contains(t.substring(1))) {
          if ("^".equals(peek())) { // \sin^2 x
            pos++;
            Node p = node(arg());
            return new Scalar(new Op('^', new Fn(t.substring(1), node(unary())), p));
          }
          return new Scalar(new Fn(t.substring(1), node(unary())));
        }
        if (greek(t)) {
          return new Scalar(new Sym(t));
        }
        throw new IllegalArgumentException("unsupported '" + t + "'");
      }
    }
  }
}
