package dev.infermark.baseline;

import java.util.Locale;

import dev.infermark.json.Json;
import dev.infermark.slo.SloResult;
import tools.jackson.databind.node.ObjectNode;

/**
 * One regression check, judged: the statistic's change against the baseline with its confidence
 * interval, and whether it fails (worse, significant and beyond the threshold) or could not be judged.
 *
 * @param check what was compared
 * @param interval the change, or {@code null} when it could not be computed
 * @param threshold the largest tolerated worsening (a share)
 * @param confidence the interval's confidence level
 * @param why when {@code interval} is null, why
 */
public record RegressionResult(RegressionCheck check, ChangeInterval interval, double threshold, double confidence,
    String why) {
  /** Whether it was judged at all. */
  public boolean judged() {
    return interval != null;
  }

  /** Whether the change is for the worse. */
  public boolean worse() {
    return judged() && (check.largerIsBetter() ? interval.change() < 0 : interval.change() > 0);
  }

  /** Fails only when worse, significant and larger than the threshold. */
  public boolean passed() {
    return !judged() || !(worse() && interval.significant() && Math.abs(interval.change()) > threshold);
  }

  /** {@code +19.8 % [+18.1 %, +21.5 %]}. */
  public String change() {
    return judged() ? pct(interval.change()) + " [" + pct(interval.low()) + ", " + pct(interval.high()) + "]" : "not judged";
  }

  /** The check's message: values, change, interval and verdict. */
  public String message() {
    String unit = check.unit().isBlank() ? "" : " " + check.unit();
    if (!judged()) {
      return "regression " + check.displayName() + ": not judged: " + why;
    }
    String verdict = passed()
        ? worse() && interval.significant() ? "worse, but within the " + pct0(threshold) + " threshold"
            : worse() ? "no significant regression" : "no regression"
        : "a significant regression beyond the " + pct0(threshold) + " threshold";
    return String.format(Locale.ROOT, "regression %s: %s%s -> %s%s, change %s (%s %% confidence, %s): %s",
        check.displayName(), SloResult.fmt(interval.baseline()), unit, SloResult.fmt(interval.current()), unit, change(),
        SloResult.fmt(confidence * 100), interval.method(), verdict);
  }

  /** Its entry in {@code regression.json}. */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("metric", check.metric());
    o.put("stat", check.stat());
    o.put("unit", check.unit());
    o.put("larger_is_better", check.largerIsBetter());
    if (judged()) {
      o.put("baseline", interval.baseline());
      o.put("current", interval.current());
      o.put("change", interval.change());
      o.put("ci_low", interval.low());
      o.put("ci_high", interval.high());
      o.put("method", interval.method());
      o.put("significant", interval.significant());
    } else {
      o.put("not_judged", why);
    }
    o.put("passed", passed());
    o.put("message", message());
    return o;
  }

  private static String pct(double f) {
    return String.format(Locale.ROOT, "%+.1f %%", f * 100);
  }

  private static String pct0(double f) {
    return SloResult.fmt(f * 100) + " %";
  }
}
