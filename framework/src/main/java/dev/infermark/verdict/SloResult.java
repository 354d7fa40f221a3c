package dev.infermark.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import dev.infermark.json.Json;
import dev.infermark.api.RunResult;
import dev.infermark.scenario.SloSpec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One SLO of one run, evaluated: the objective, the measured value (absent when the run did not
 * measure it) in {@code unit}, and whether it passed.
 */
public record SloResult(SloSpec slo, boolean passed, OptionalDouble measured, String unit, String message) {

  /** Evaluates every SLO against the run's result, in declaration order. */
  public static List<SloResult> evaluate(List<SloSpec> slos, RunResult result) {
    List<SloResult> out = new ArrayList<>();
    for (SloSpec s : slos) {
      SloSpec.Outcome o = s.evaluate(result);
      out.add(new SloResult(s, o.passed(), o.measured(), o.unit(), o.message()));
    }
    return List.copyOf(out);
  }

  /** The threshold with its unit: {@code <= 500 ms}. */
  public String threshold() {
    return slo.threshold() + (unit.isBlank() ? "" : " " + unit);
  }

  /**
   * The {@code slo_results} entry: {@code metric}, {@code stat}, {@code tier} (when the SLO has
   * one), {@code min}/{@code max} (those set), {@code threshold} (the bounds as text, no unit),
   * {@code measured} (a number, or {@code null} when not measured), {@code unit}, {@code passed}.
   */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("metric", slo.metric());
    o.put("stat", slo.stat());
    if (!slo.tier().isBlank()) {
      o.put("tier", slo.tier());
    }
    if (!slo.name().isBlank()) {
      o.put("name", slo.name());
    }
    if (!Double.isNaN(slo.min())) {
      o.put("min", slo.min());
    }
    if (!Double.isNaN(slo.max())) {
      o.put("max", slo.max());
    }
    o.put("threshold", slo.threshold());
    if (measured.isPresent()) {
      o.put("measured", measured.getAsDouble());
    } else {
      o.putNull("measured");
    }
    o.put("unit", unit);
    o.put("passed", passed);
    return o;
  }

  /** The run's {@code slo_results} array. */
  public static ArrayNode toJson(List<SloResult> results) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    results.forEach(r -> a.add(r.toJson()));
    return a;
  }
}
