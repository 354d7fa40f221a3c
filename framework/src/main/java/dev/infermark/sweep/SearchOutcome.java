package dev.infermark.sweep;

import java.util.Locale;

/**
 * What one SLA search found: the largest passing value with the passing and failing values around
 * it, every probe in order, and whether it is a result or a bound.
 *
 * @param plan the search as configured
 * @param outcome the probes and the bracket
 */
public record SearchOutcome(SearchPlan plan, LimitSearch.Outcome outcome) {
  /** Whether a value passed: the search node passes then, else fails. */
  public boolean passed() {
    return outcome.found();
  }

  /** The verdict's measured column: {@code 6 (fails at 7)}, {@code ≥ 64 (the top passed)}, {@code none}. */
  public String measured() {
    SweptSetting s = plan.setting();
    if (!outcome.found()) {
      return "none (fails at " + s.format(outcome.smallestFail()) + ")";
    }
    if (outcome.reachedMax()) {
      return "≥ " + s.format(outcome.largestPass()) + " (the top of the space passed)";
    }
    return s.format(outcome.largestPass()) + (Double.isNaN(outcome.smallestFail()) ? "" : " (fails at "
        + s.format(outcome.smallestFail()) + ")") + (outcome.converged() ? "" : ", not converged");
  }

  /** The probes in order: {@code 1✓ 2✓ 4✓ 8✗ 6✓ 7✗}. */
  public String probes(boolean unicode) {
    StringBuilder b = new StringBuilder();
    for (LimitSearch.Step st : outcome.steps()) {
      b.append(b.isEmpty() ? "" : " ").append(plan.setting().format(st.value()))
          .append(st.pass() ? unicode ? "✓" : "+" : unicode ? "✗" : "-");
    }
    return b.toString();
  }

  /** The search node's message. */
  public String message() {
    String name = plan.setting().name();
    int n = outcome.steps().size();
    String head = !outcome.found()
        ? "no " + name + " in [" + plan.setting().format(plan.from()) + ", " + plan.setting().format(plan.to())
            + "] passes: the first, " + plan.setting().format(plan.from()) + ", fails"
        : String.format(Locale.ROOT, "largest passing %s: %s", name, measured());
    return head + "; " + n + " probe" + (n == 1 ? "" : "s") + ": " + probes(true) + "; " + plan.describe();
  }
}
