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
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Real solution sets, standing in for sympy's {@code Relational.as_set()} (lighteval compares a
 * relation gold with a set prediction through it): a simple or chained inequality in one variable
 * whose sides are piecewise linear (constants, linear terms, sums, constant factors and divisors,
 * {@code |…|}) is solved to a union of intervals; an interval, a union of intervals, a finite set
 * of numbers, or an open 2-tuple is read as one. Anything else is not a set here ({@code null}).
 */
final class SolutionSet {
  /** An interval with its ends; infinite ends are open. */
  record Iv(double lo, boolean loOpen, double hi, boolean hiOpen) {}

  /**
   * A normalised set: disjoint, non-touching intervals in increasing order.
   *
   * @param floats whether a decimal literal (a sympy Float) was involved, so that ends are compared
   *     rounded to the precision rather than exactly
   */
  record Set(List<Iv> parts, boolean floats) {}

  private static final Set NOT_A_SET = null;

  private SolutionSet() {}

  /**
   * Compares a relation with a set (either order) or two relations of which one is chained, by
   * their solution sets; {@code null} when either side is not something this class can turn into
   * a set, so the caller keeps its own comparison.
   */
  static Boolean compare(MathValue a, MathValue b, int precision) {
    Set x = of(a);
    Set y = x == null ? null : of(b);
    return y == null ? null : same(x, y, precision);
  }

  static Set of(MathValue v) {
    return v instanceof Relation r ? ofRelation(r) : ofSet(v);
  }

  /** Whether two sets are equal: the same intervals, the same open/closed ends, ends equal (rounded when a float is involved). */
  static boolean same(Set a, Set b, int precision) {
    if (a.parts().size() != b.parts().size()) {
      return false;
    }
    boolean floats = a.floats() || b.floats();
    for (int i = 0; i < a.parts().size(); i++) {
      Iv p = a.parts().get(i);
      Iv q = b.parts().get(i);
      if (p.loOpen() != q.loOpen() || p.hiOpen() != q.hiOpen() || !MathCompare.close(p.lo(), q.lo(), floats, precision)
          || !MathCompare.close(p.hi(), q.hi(), floats, precision)) {
        return false;
      }
    }
    return true;
  }

  // ---- sets ------------------------------------------------------------------------------------

  /** An interval, a union, a finite set of numbers or a 2-tuple (an open interval) as a set, else {@code null}. */
  static Set ofSet(MathValue v) {
    List<Iv> parts = new ArrayList<>();
    boolean[] floats = {false};
    if (!collect(v, parts, floats, true)) {
      return NOT_A_SET;
    }
    return new Set(normalise(parts), floats[0]);
  }

  private static boolean collect(MathValue v, List<Iv> out, boolean[] floats, boolean top) {
    if (v instanceof Seq s) {
      switch (s.kind()) {
        case INTERVAL, TUPLE -> {
          if (s.items().size() != 2 || (s.kind() == Kind.TUPLE && !(s.leftOpen() && s.rightOpen()))) {
            return false;
          }
          Double lo = constant(s.items().get(0), floats);
          Double hi = constant(s.items().get(1), floats);
          if (lo == null || hi == null) {
            return false;
          }
          out.add(new Iv(lo, s.leftOpen(), hi, s.rightOpen()));
          return true;
        }
        case UNION, SET -> {
          for (MathValue item : s.items()) {
            if (!collect(item, out, floats, false)) {
              return false;
            }
          }
          return !s.items().isEmpty();
        }
        default -> {
          return false;
        }
      }
    }
    if (!top && v instanceof Scalar) {
      Double c = constant(v, floats); // an element of a finite set: a point
      if (c == null || c.isInfinite()) {
        return false;
      }
      out.add(new Iv(c, false, c, false));
      return true;
    }
    return false;
  }

  /** The value of a constant scalar ({@code \pi} allowed, ±∞ allowed), else {@code null}. */
  private static Double constant(MathValue v, boolean[] floats) {
    if (!(v instanceof Scalar s)) {
      return null;
    }
    TreeSet<String> syms = new TreeSet<>();
    s.node().symbols(syms);
    syms.remove("\\pi");
    if (!syms.isEmpty()) {
      return null;
    }
    double x = s.node().eval(Map.of("\\pi", Math.PI));
    if (Double.isNaN(x)) {
      return null;
    }
    floats[0] |= s.node().hasFloat();
    return x;
  }

  /** Drops empty intervals, sorts, and merges overlapping or touching ones. */
  static List<Iv> normalise(List<Iv> in) {
    List<Iv> parts = new ArrayList<>();
    for (Iv p : in) {
      boolean loOpen = p.loOpen() || Double.isInfinite(p.lo());
      boolean hiOpen = p.hiOpen() || Double.isInfinite(p.hi());
      if (p.lo() < p.hi() || (p.lo() == p.hi() && !loOpen && !hiOpen)) {
        parts.add(new Iv(p.lo() + 0.0, loOpen, p.hi() + 0.0, hiOpen)); // + 0.0: no -0.0
      }
    }
    parts.sort(Comparator.comparingDouble(Iv::lo).thenComparing(Iv::loOpen));
    List<Iv> out = new ArrayList<>();
    for (Iv p : parts) {
      Iv last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && (p.lo() < last.hi() || (p.lo() == last.hi() && !(p.loOpen() && last.hiOpen())))) {
        boolean hiOpen = p.hi() > last.hi() ? p.hiOpen() : p.hi() < last.hi() ? last.hiOpen() : p.hiOpen() && last.hiOpen();
        out.set(out.size() - 1, new Iv(last.lo(), last.loOpen(), Math.max(p.hi(), last.hi()), hiOpen));
      } else {
        out.add(p);
      }
    }
    return out;
  }

  // ---- inequalities ----------------------------------------------------------------------------

  private record Link(String op, Node lhs, Node rhs) {}

  /**
   * The solution set of an inequality ({@code <}, {@code <=}, {@code >}, {@code >=}, chained or
   * not) in one real variable with piecewise-linear sides, else {@code null}.
   */
  static Set ofRelation(Relation r) {
    List<Link> links = new ArrayList<>();
    MathValue left = r.lhs();
    Relation cur = r;
    while (true) {
      if (!List.of("<", "<=", ">", ">=").contains(cur.op()) || !(left instanceof Scalar l)) {
        return NOT_A_SET;
      }
      MathValue right = cur.rhs() instanceof Relation inner ? inner.lhs() : cur.rhs();
      if (!(right instanceof Scalar rs)) {
        return NOT_A_SET;
      }
      links.add(new Link(cur.op(), l.node(), rs.node()));
      if (!(cur.rhs() instanceof Relation inner)) {
        break;
      }
      left = inner.lhs();
      cur = inner;
    }
    TreeSet<String> syms = new TreeSet<>();
    boolean floats = false;
    for (Link k : links) {
      k.lhs().symbols(syms);
      k.rhs().symbols(syms);
      floats |= k.lhs().hasFloat() || k.rhs().hasFloat();
    }
    syms.remove("\\pi");
    if (syms.size() != 1) {
      return NOT_A_SET;
    }
    String var = syms.first();
    List<Pl> diffs = new ArrayList<>();
    try {
      for (Link k : links) {
        diffs.add(Pl.of(k.lhs(), var).plus(Pl.of(k.rhs(), var), -1));
      }
    } catch (NotPiecewiseLinear e) {
      return NOT_A_SET;
    }
    // Every point where some side changes piece or crosses zero; between two of them all are linear and non-zero.
    TreeSet<Double> cuts = new TreeSet<>();
    for (Pl d : diffs) {
      for (double b : d.bps()) {
        cuts.add(b);
      }
      cuts.addAll(d.roots());
    }
    double[] c = dedupe(cuts);
    List<Iv> parts = new ArrayList<>();
    boolean in = holds(links, diffs, c.length == 0 ? 0 : c[0] - 1);
    double lo = Double.NEGATIVE_INFINITY;
    boolean loOpen = true;
    for (int i = 0; i < c.length; i++) {
      boolean point = holds(links, diffs, c[i]);
      if (in && !point) {
        parts.add(new Iv(lo, loOpen, c[i], true));
        in = false;
      } else if (!in && point) {
        lo = c[i];
        loOpen = false;
        in = true;
      }
      boolean after = holds(links, diffs, i + 1 < c.length ? (c[i] + c[i + 1]) / 2 : c[i] + 1);
      if (in && !after) {
        parts.add(new Iv(lo, loOpen, c[i], false));
        in = false;
      } else if (!in && after) {
        lo = c[i];
        loOpen = true;
        in = true;
      }
    }
    if (in) {
      parts.add(new Iv(lo, loOpen, Double.POSITIVE_INFINITY, true));
    }
    return new Set(normalise(parts), floats);
  }

  private static double[] dedupe(TreeSet<Double> cuts) {
    List<Double> out = new ArrayList<>();
    for (double x : cuts) {
      if (out.isEmpty() || !near(out.get(out.size() - 1), x)) {
        out.add(x);
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static boolean near(double a, double b) {
    return Math.abs(a - b) <= 1e-12 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
  }

  private static boolean holds(List<Link> links, List<Pl> diffs, double x) {
    for (int i = 0; i < links.size(); i++) {
      double d = diffs.get(i).at(x);
      if (Math.abs(d) <= 1e-12 * Math.max(1.0, Math.abs(x))) {
        d = 0; // a cut point computed in floating point
      }
      boolean ok = switch (links.get(i).op()) {
        case "<" -> d < 0;
        case "<=" -> d <= 0;
        case ">" -> d > 0;
        default -> d >= 0;
      };
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static final class NotPiecewiseLinear extends RuntimeException {
    NotPiecewiseLinear() {
      super(null, null, false, false);
    }
  }

  /** {@code a*x + b}. */
  private record Lin(double a, double b) {
    double at(double x) {
      return a * x + b;
    }
  }

  /** A continuous piecewise-linear function: {@code pieces[i]} holds between {@code bps[i-1]} and {@code bps[i]}. */
  private record Pl(double[] bps, Lin[] pieces) {
    static Pl constant(double c) {
      if (Double.isNaN(c) || Double.isInfinite(c)) {
        throw new NotPiecewiseLinear();
      }
      return new Pl(new double[0], new Lin[] {new Lin(0, c)});
    }

    boolean isConstant() {
      return bps.length == 0 && pieces[0].a() == 0;
    }

    double at(double x) {
      return piece(x).at(x);
    }

    Lin piece(double x) {
      int i = 0;
      while (i < bps.length && bps[i] < x) {
        i++;
      }
      return pieces[i];
    }

    /** A point strictly inside region {@code i} of breakpoints {@code b}. */
    static double sample(double[] b, int i) {
      if (b.length == 0) {
        return 0;
      }
      if (i == 0) {
        return b[0] - 1;
      }
      if (i == b.length) {
        return b[b.length - 1] + 1;
      }
      return (b[i - 1] + b[i]) / 2;
    }

    static Pl of(Node n, String var) {
      return switch (n) {
        case Num c -> constant(c.value());
        case Sym s when s.name().equals(var) -> new Pl(new double[0], new Lin[] {new Lin(1, 0)});
        case Sym s when s.name().equals("\\pi") -> constant(Math.PI);
        case Sym s -> throw new NotPiecewiseLinear();
        case Op o -> {
          Pl a = of(o.a(), var);
          Pl b = of(o.b(), var);
          yield switch (o.op()) {
            case '+' -> a.plus(b, 1);
            case '-' -> a.plus(b, -1);
            case '*' -> a.isConstant() ? b.times(a.pieces[0].b()) : b.isConstant() ? a.times(b.pieces[0].b()) : fail();
            case '/' -> b.isConstant() && b.pieces[0].b() != 0 ? a.times(1 / b.pieces[0].b()) : fail();
            case '^' -> a.isConstant() && b.isConstant() ? constant(Math.pow(a.pieces[0].b(), b.pieces[0].b())) : fail();
            default -> fail();
          };
        }
        case Fn f -> {
          Pl a = of(f.arg(), var);
          yield switch (f.name()) {
            case "neg" -> a.times(-1);
            case "abs" -> a.abs();
            default -> a.isConstant() ? constant(new Fn(f.name(), new Num(a.pieces[0].b(), false)).eval(Map.of())) : fail();
          };
        }
      };
    }

    private static Pl fail() {
      throw new NotPiecewiseLinear();
    }

    Pl times(double k) {
      Lin[] p = new Lin[pieces.length];
      for (int i = 0; i < p.length; i++) {
        p[i] = new Lin(pieces[i].a() * k, pieces[i].b() * k);
      }
      return new Pl(bps, p);
    }

    Pl plus(Pl o, double sign) {
      double[] m = merge(bps, o.bps);
      Lin[] p = new Lin[m.length + 1];
      for (int i = 0; i <= m.length; i++) {
        double s = sample(m, i);
        Lin x = piece(s);
        Lin y = o.piece(s);
        p[i] = new Lin(x.a() + sign * y.a(), x.b() + sign * y.b());
      }
      return new Pl(m, p);
    }

    /** The zeros of the non-constant pieces inside their own regions. */
    List<Double> roots() {
      List<Double> out = new ArrayList<>();
      for (int i = 0; i < pieces.length; i++) {
        Lin l = pieces[i];
        if (l.a() != 0) {
          double r = -l.b() / l.a();
          double lo = i == 0 ? Double.NEGATIVE_INFINITY : bps[i - 1];
          double hi = i == bps.length ? Double.POSITIVE_INFINITY : bps[i];
          if (r > lo && r < hi) {
            out.add(r);
          }
        }
      }
      return out;
    }

    Pl abs() {
      double[] m = merge(bps, roots().stream().mapToDouble(Double::doubleValue).toArray());
      Lin[] p = new Lin[m.length + 1];
      for (int i = 0; i <= m.length; i++) {
        double s = sample(m, i);
        Lin l = piece(s);
        p[i] = l.at(s) < 0 ? new Lin(-l.a(), -l.b()) : l;
      }
      return new Pl(m, p);
    }

    private static double[] merge(double[] a, double[] b) {
      TreeSet<Double> all = new TreeSet<>();
      Arrays.stream(a).forEach(all::add);
      Arrays.stream(b).forEach(all::add);
      return dedupe(all);
    }
  }
}
