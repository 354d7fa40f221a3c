package dev.infermark.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * The search for the largest value of a load setting that still passes: the value grows by
 * {@code factor} from {@code start} until a probe fails (or {@code max} passes: the result is then a
 * lower bound), then a bisection between the last pass and the first fail narrows them to the
 * {@code precision}. Assumes that passing is monotone in the value (less load never fails where
 * more passed), as AA-AgentPerf and AIPerf's monotonic search do. One implementation for the SLA
 * search of any scenario ({@link SearchRunner}) and AA-AgentPerf's capacity search per tier.
 *
 * @param start the first value tried
 * @param factor the growth factor (above 1)
 * @param max the largest value tried
 * @param precision when the bisection stops
 * @param integral whether values are whole numbers (growth rounds up and moves by at least 1;
 *     a bisection stops when no whole number lies between pass and fail)
 * @param belowStart when {@code start} fails, whether to bisect between 0 and it (AA-AgentPerf)
 *     rather than stop with nothing passing (the generic search: its space starts at {@code start})
 * @param maxIterations the most probes, 0 for no limit (the search then stops unconverged)
 */
public record LimitSearch(double start, double factor, double max, Precision precision, boolean integral,
    boolean belowStart, int maxIterations) {
  /** The stage of the first probes. */
  public static final String EXPONENTIAL = "exponential";
  /** The stage of the probes between the last pass and the first fail. */
  public static final String BINARY = "binary";

  public LimitSearch {
    if (!(start > 0) || !(max >= start) || Double.isInfinite(max)) {
      throw new IllegalArgumentException("a search needs 0 < start <= max, got start " + start + ", max " + max);
    }
    if (!(factor > 1) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("a search's growth factor must be above 1, got " + factor);
    }
    if (integral && (start != Math.rint(start) || max != Math.rint(max))) {
      throw new IllegalArgumentException("a search over whole numbers needs whole start and max, got " + start + ", " + max);
    }
    if (maxIterations < 0) {
      throw new IllegalArgumentException("a search's most iterations must be 0 (no limit) or more, got " + maxIterations);
    }
  }

  /** AA-AgentPerf's form: whole agent counts from {@code start}, bisecting below it, to {@code resolution} agents. */
  public static LimitSearch wholeNumbers(int start, double factor, int max, int resolution) {
    return new LimitSearch(start, factor, max, new Precision(resolution, false), true, true, 0);
  }

  /** Runs (or looks up) a probe at a value and says whether it passed. */
  @FunctionalInterface
  public interface Probe {
    boolean passes(double value) throws InterruptedException;
  }

  /**
   * One probe.
   *
   * @param value the value tried
   * @param pass whether it passed
   * @param stage {@link #EXPONENTIAL} or {@link #BINARY}
   */
  public record Step(double value, boolean pass, String stage) {}

  /**
   * What the search found.
   *
   * @param largestPass the largest value that passed, 0 when none did
   * @param smallestFail the smallest value that failed, NaN when none did
   * @param reachedMax whether {@code max} passed ({@code largestPass} is then a lower bound)
   * @param converged false when {@code maxIterations} stopped the bisection before the precision
   * @param steps every probe, in order
   */
  public record Outcome(double largestPass, double smallestFail, boolean reachedMax, boolean converged, List<Step> steps) {
    /** Whether any value passed. */
    public boolean found() {
      return largestPass > 0;
    }
  }

  /** Searches; the probe runs (or looks up) one measurement per step. */
  public Outcome run(Probe probe) throws InterruptedException {
    List<Step> steps = new ArrayList<>();
    double lastPass = 0;
    double firstFail;
    double n = start;
    while (true) {
      if (exhausted(steps)) {
        return new Outcome(lastPass, Double.NaN, false, false, steps);
      }
      boolean pass = probe.passes(n);
      steps.add(new Step(n, pass, EXPONENTIAL));
      if (!pass) {
        firstFail = n;
        break;
      }
      lastPass = n;
      if (n >= max) {
        return new Outcome(lastPass, Double.NaN, true, true, steps);
      }
      n = integral ? Math.min(max, Math.max(n + 1, Math.ceil(n * factor))) : Math.min(max, n * factor);
    }
    if (lastPass == 0 && !belowStart) {
      return new Outcome(0, firstFail, false, true, steps);
    }
    while (!precision.narrowEnough(lastPass, firstFail)) {
      double mid = integral ? lastPass + Math.floor((firstFail - lastPass) / 2) : (lastPass + firstFail) / 2;
      if (mid == lastPass) {
        break;
      }
      if (exhausted(steps)) {
        return new Outcome(lastPass, firstFail, false, false, steps);
      }
      boolean pass = probe.passes(mid);
      steps.add(new Step(mid, pass, BINARY));
      if (pass) {
        lastPass = mid;
      } else {
        firstFail = mid;
      }
    }
    return new Outcome(lastPass, firstFail, false, true, steps);
  }

  private boolean exhausted(List<Step> steps) {
    return maxIterations > 0 && steps.size() >= maxIterations;
  }
}
