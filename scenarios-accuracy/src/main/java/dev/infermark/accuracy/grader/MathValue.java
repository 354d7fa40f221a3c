package dev.infermark.accuracy.grader;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed mathematical answer: what lighteval's extractors turn a match into (sympy objects
 * there). Scalars are expression trees evaluated numerically; symbols are sampled.
 */
sealed interface MathValue {
  /** An expression. */
  record Scalar(Node node) implements MathValue {}

  /** A tuple, set or interval. */
  record Seq(Kind kind, List<MathValue> items, boolean leftOpen, boolean rightOpen) implements MathValue {}

  /** A relation {@code lhs op rhs} ({@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code !=}). */
  record Relation(String op, MathValue lhs, MathValue rhs) implements MathValue {}

  /** An unparsed string (a fallback). */
  record Text(String text) implements MathValue {}

  enum Kind { TUPLE, SET, INTERVAL, UNION, MATRIX }

  /** An expression tree node. */
  sealed interface Node {
    double eval(Map<String, Double> env);

    /** Whether a decimal literal (a sympy Float) occurs. */
    boolean hasFloat();

    void symbols(Set<String> out);
  }

  record Num(double value, boolean isFloat) implements Node {
    public double eval(Map<String, Double> env) {
      return value;
    }

    public boolean hasFloat() {
      return isFloat;
    }

    public void symbols(Set<String> out) {}
  }

  record Sym(String name) implements Node {
    public double eval(Map<String, Double> env) {
      return env.getOrDefault(name, Double.NaN);
    }

    public boolean hasFloat() {
      return false;
    }

    public void symbols(Set<String> out) {
      out.add(name);
    }
  }

  record Op(char op, Node a, Node b) implements Node {
    public double eval(Map<String, Double> env) {
      double x = a.eval(env);
      double y = b.eval(env);
      return switch (op) {
        case '+' -> x + y;
        case '-' -> x - y;
        case '*' -> x * y;
        case '/' -> x / y;
        case '^' -> Math.pow(x, y);
        default -> Double.NaN;
      };
    }

    public boolean hasFloat() {
      return a.hasFloat() || b.hasFloat();
    }

    public void symbols(Set<String> out) {
      a.symbols(out);
      b.symbols(out);
    }
  }

  record Fn(String name, Node arg) implements Node {
    public double eval(Map<String, Double> env) {
      double x = arg.eval(env);
      return switch (name) {
        case "neg" -> -x;
        case "sqrt" -> Math.sqrt(x);
        case "sin" -> Math.sin(x);
        case "cos" -> Math.cos(x);
        case "tan" -> Math.tan(x);
        case "cot" -> 1 / Math.tan(x);
        case "sec" -> 1 / Math.cos(x);
        case "csc" -> 1 / Math.sin(x);
        case "arcsin" -> Math.asin(x);
        case "arccos" -> Math.acos(x);
        case "arctan" -> Math.atan(x);
        case "ln", "log" -> Math.log(x);
        case "exp" -> Math.exp(x);
        case "abs" -> Math.abs(x);
        case "fact" -> factorial(x);
        default -> Double.NaN;
      };
    }

    private static double factorial(double x) {
      if (x < 0 || x != Math.rint(x) || x > 170) {
        return Double.NaN;
      }
      double r = 1;
      for (int i = 2; i <= x; i++) {
        r *= i;
      }
      return r;
    }

    public boolean hasFloat() {
      return arg.hasFloat();
    }

    public void symbols(Set<String> out) {
      arg.symbols(out);
    }
  }
}
