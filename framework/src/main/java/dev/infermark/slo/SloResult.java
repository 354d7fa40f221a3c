package dev.infermark.slo;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One SLO of one run, evaluated ({@code SloSpec.result}): the objective, the measured value
 * (absent when the run did not measure it) in {@code unit}, and whether it passed.
 *
 * @param id the SLO's stable id (its test node's unique id segment)
 * @param metric the metric's tag
 * @param stat the statistic ({@code p95}, {@code value}, ...)
 * @param tier its tier, or empty
 * @param name its own name, or empty
 * @param min the lower bound, or NaN
 * @param max the upper bound, or NaN
 * @param threshold the bounds as text, without unit ({@code <= 500})
 * @param passed whether the measured value is within the bounds (an unmeasured one fails)
 * @param measured the measured value in {@code unit}, if measured
 * @param unit the SLO's unit, else the metric's
 * @param message the check's message: measured value and threshold
 * @param judged false for a run that did not complete (cancelled, aborted): what it measured is shown, but
 *     neither passes nor fails
 */
public record SloResult(String id, String metric, String stat, String tier, String name, double min, double max,
    String threshold, boolean passed, OptionalDouble measured, String unit, String message, boolean judged) {

  /** A judged SLO. */
  public SloResult(String id, String metric, String stat, String tier, String name, double min, double max,
      String threshold, boolean passed, OptionalDouble measured, String unit, String message) {
    this(id, metric, stat, tier, name, min, max, threshold, passed, measured, unit, message, true);
  }

  /** This SLO not judged, because {@code why} (the run was cancelled): it neither passes nor fails. */
  public SloResult notJudged(String why) {
    return new SloResult(id, metric, stat, tier, name, min, max, threshold, false, measured, unit,
        "not judged: " + why + " (" + message + ")", false);
  }

  /** The threshold with its unit: {@code <= 500 ms}. */
  public String thresholdWithUnit() {
    return threshold + (unit.isBlank() ? "" : " " + unit);
  }

  /**
   * The {@code slo_results} entry: {@code metric}, {@code stat}, {@code tier} (when the SLO has
   * one), {@code min}/{@code max} (those set), {@code threshold} (the bounds as text, no unit),
   * {@code measured} (a number, or {@code null} when not measured), {@code unit}, {@code passed}, and
   * {@code judged: false} for a run that did not complete.
   */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("metric", metric);
    o.put("stat", stat);
    if (!tier.isBlank()) {
      o.put("tier", tier);
    }
    if (!name.isBlank()) {
      o.put("name", name);
    }
    if (!Double.isNaN(min)) {
      o.put("min", min);
    }
    if (!Double.isNaN(max)) {
      o.put("max", max);
    }
    o.put("threshold", threshold);
    if (measured.isPresent()) {
      o.put("measured", measured.getAsDouble());
    } else {
      o.putNull("measured");
    }
    o.put("unit", unit);
    o.put("passed", passed);
    if (!judged) {
      o.put("judged", false);
    }
    return o;
  }

  /** The run's {@code slo_results} array. */
  public static ArrayNode toJson(List<SloResult> results) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    results.forEach(r -> a.add(r.toJson()));
    return a;
  }

  /** A value as the verdicts show it: an integer plainly, else four significant digits. */
  public static String fmt(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return String.format(Locale.ROOT, "%.4g", d).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
  }
}
