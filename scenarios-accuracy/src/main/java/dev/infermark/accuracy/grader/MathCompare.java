package dev.infermark.accuracy.grader;

import dev.infermark.accuracy.grader.MathValue.Kind;
import dev.infermark.accuracy.grader.MathValue.Node;
import dev.infermark.accuracy.grader.MathValue.Relation;
import dev.infermark.accuracy.grader.MathValue.Scalar;
import dev.infermark.accuracy.grader.MathValue.Seq;
import dev.infermark.accuracy.grader.MathValue.Sym;
import dev.infermark.accuracy.grader.MathValue.Text;
import dev.infermark.accuracy.py.Py;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * lighteval's {@code compare_gold_target} over {@link MathValue}s: strings by equality, relations
 * and sequences structurally, numbers exactly (or rounded to {@code precision} decimals when a
 * float is involved), expressions with symbols by evaluation at fixed sample points.
 */
final class MathCompare {
  private static final double[][] SAMPLES = {{0.5772156649, 1.3247179572, 2.2360679775, 0.7071067812},
      {1.6180339887, 0.3183098862, 1.4142135624, 2.7182818285}, {2.5029078751, 0.9159655942, 1.2020569032, 0.4142135624}};

  private MathCompare() {}

  static boolean equal(MathValue gold, MathValue pred, int precision) {
    if (gold instanceof Text g && pred instanceof Text p) {
      String a = Py.strip(g.text());
      return !a.isEmpty() && a.equals(Py.strip(p.text()));
    }
    if (gold instanceof Text || pred instanceof Text) {
      return false;
    }
    if ((gold instanceof Relation && pred instanceof Seq) || (gold instanceof Seq && pred instanceof Relation)) {
      // sympy's relation.as_set(): an inequality in one variable is the set of intervals it solves to.
      Boolean sets = SolutionSet.compare(gold, pred, precision);
      if (sets != null) {
        return sets;
      }
    }
    if (gold instanceof Relation g && pred instanceof Seq p && chainAsInterval(g) != null) {
      return seqEqual(chainAsInterval(g), p, precision); // 0 < x < 1 is the interval (0, 1)
    }
    if (gold instanceof Relation g && !(pred instanceof Relation)) {
      // An assignment gold (x = 5, (p,q) = (3,2)) is compared by its value; 7 = 11a+c is not an assignment.
      return g.op().equals("=") && hasSymbols(g.lhs()) && equal(g.rhs(), pred, precision);
    }
    if (pred instanceof Relation p && !(gold instanceof Relation)) {
      return p.op().equals("=") && equal(gold, p.rhs(), precision);
    }
    if (gold instanceof Relation g && pred instanceof Relation p) {
      if (g.op().equals(p.op()) && equal(g.lhs(), p.lhs(), precision) && equal(g.rhs(), p.rhs(), precision)) {
        return true;
      }
      if (g.lhs() instanceof Scalar gl && g.rhs() instanceof Scalar gr && p.lhs() instanceof Scalar pl
          && p.rhs() instanceof Scalar pr) {
        // Compare lhs - rhs: the same relation (or its mirror) holds when the differences agree (or are negated).
        Node dg = new MathValue.Op('-', gl.node(), gr.node());
        Node dp = new MathValue.Op('-', pl.node(), pr.node());
        Node neg = new MathValue.Fn("neg", dp);
        boolean symmetric = g.op().equals("=") || g.op().equals("!=");
        if (g.op().equals(p.op()) && (scalarEqual(dg, dp, precision) || (symmetric && scalarEqual(dg, neg, precision)))) {
          return true;
        }
        if (g.op().equals(flip(p.op())) && scalarEqual(dg, neg, precision)) {
          return true;
        }
      }
      String flipped = flip(p.op());
      if (g.op().equals(flipped) && equal(g.lhs(), p.rhs(), precision) && equal(g.rhs(), p.lhs(), precision)) {
        return true;
      }
      // A chained inequality against the other form of the same solution set (-2 < x < 2 and |x| < 2).
      return (g.rhs() instanceof Relation || p.rhs() instanceof Relation)
          && Boolean.TRUE.equals(SolutionSet.compare(g, p, precision));
    }
    if (gold instanceof Seq g && pred instanceof Seq p) {
      return seqEqual(g, p, precision);
    }
    if (gold instanceof Seq g && (g.items().size() == 1 || g.kind() == Kind.SET) && !(pred instanceof Seq)) {
      // A set whose elements are all equal collapses to one element (sympy's FiniteSet).
      return g.items().stream().allMatch(x -> equal(x, pred, precision));
    }
    if (pred instanceof Seq p && (p.items().size() == 1 || p.kind() == Kind.SET) && !(gold instanceof Seq)) {
      return p.items().stream().allMatch(x -> equal(gold, x, precision));
    }
    if (gold instanceof Scalar g && pred instanceof Scalar p) {
      return scalarEqual(g.node(), p.node(), precision);
    }
    return false;
  }

  /** {@code a < x < b} (or with {@code <=}) as the interval between a and b, else {@code null}. */
  private static Seq chainAsInterval(Relation r) {
    if (r.rhs() instanceof Relation inner && isLess(r.op()) && isLess(inner.op())) {
      return new Seq(Kind.INTERVAL, List.of(r.lhs(), inner.rhs()), r.op().equals("<"), inner.op().equals("<"));
    }
    return null;
  }

  private static boolean isLess(String op) {
    return op.equals("<") || op.equals("<=");
  }

  private static String flip(String op) {
    return switch (op) {
      case "<" -> ">";
      case ">" -> "<";
      case "<=" -> ">=";
      case ">=" -> "<=";
      default -> op;
    };
  }

  private static boolean hasSymbols(MathValue v) {
    if (v instanceof Scalar s) {
      TreeSet<String> syms = new TreeSet<>();
      s.node().symbols(syms);
      return !syms.isEmpty();
    }
    return v instanceof Seq q && q.items().stream().allMatch(MathCompare::hasSymbols);
  }

  private static boolean seqEqual(Seq g, Seq p, int precision) {
    if (g.kind() == Kind.SET && p.kind() == Kind.SET) {
      // Finite sets: duplicates collapse, order is irrelevant.
      return covers(g.items(), p.items(), precision) && covers(p.items(), g.items(), precision);
    }
    if (g.items().size() != p.items().size()) {
      return false;
    }
    boolean gInterval = g.kind() == Kind.INTERVAL || (g.kind() == Kind.TUPLE && g.items().size() == 2);
    boolean pInterval = p.kind() == Kind.INTERVAL || (p.kind() == Kind.TUPLE && p.items().size() == 2);
    if (g.kind() == Kind.INTERVAL || p.kind() == Kind.INTERVAL) {
      // An open interval equals a 2-tuple; otherwise both ends must match.
      if (!(gInterval && pInterval) || g.leftOpen() != p.leftOpen() || g.rightOpen() != p.rightOpen()) {
        return false;
      }
    }
    if ((g.kind() == Kind.MATRIX) != (p.kind() == Kind.MATRIX)) {
      return false;
    }
    if (g.kind() == Kind.UNION || p.kind() == Kind.UNION) {
      if (g.kind() != p.kind()) {
        return false;
      }
    }
    if (g.kind() == Kind.SET || p.kind() == Kind.SET || g.kind() == Kind.UNION) {
      List<MathValue> left = new ArrayList<>(p.items());
      for (MathValue x : g.items()) {
        int hit = -1;
        for (int i = 0; i < left.size() && hit < 0; i++) {
          if (equal(x, left.get(i), precision)) {
            hit = i;
          }
        }
        if (hit < 0) {
          return false;
        }
        left.remove(hit);
      }
      return true;
    }
    for (int i = 0; i < g.items().size(); i++) {
      if (!equal(g.items().get(i), p.items().get(i), precision)) {
        return false;
      }
    }
    return true;
  }

  private static boolean covers(List<MathValue> xs, List<MathValue> ys, int precision) {
    for (MathValue x : xs) {
      if (ys.stream().noneMatch(y -> equal(x, y, precision))) {
        return false;
      }
    }
    return true;
  }

  static boolean scalarEqual(Node a, Node b, int precision) {
    TreeSet<String> syms = new TreeSet<>();
    a.symbols(syms);
    b.symbols(syms);
    syms.remove("\\pi");
    boolean floats = a.hasFloat() || b.hasFloat();
    int rounds = syms.isEmpty() ? 1 : SAMPLES.length;
    for (int r = 0; r < rounds; r++) {
      Map<String, Double> env = new HashMap<>();
      env.put("\\pi", Math.PI);
      int k = 0;
      for (String s : syms) {
        env.put(s, SAMPLES[r][k % 4] + k / 4);
        k++;
      }
      double x = a.eval(env);
      double y = b.eval(env);
      if (!close(x, y, floats, precision)) {
        return false;
      }
    }
    return true;
  }

  static boolean close(double x, double y, boolean floats, int precision) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return false;
    }
    if (Double.isInfinite(x) || Double.isInfinite(y)) {
      return x == y;
    }
    if (floats) {
      return new BigDecimal(x).setScale(precision, RoundingMode.HALF_EVEN)
          .compareTo(new BigDecimal(y).setScale(precision, RoundingMode.HALF_EVEN)) == 0;
    }
    return Math.abs(x - y) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)));
  }
}
