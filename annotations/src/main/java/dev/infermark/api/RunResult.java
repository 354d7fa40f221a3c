package dev.infermark.api;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import dev.infermark.api.status.API;

/**
 * What a run measured, as named values that {@code @Slo} checks look up, plus lines for the
 * console and entries for the test report. Values are keyed {@code [tier/]metric[:stat]}; a value
 * that was not measured is absent (never 0).
 */
@API(status = EXPERIMENTAL)
public final class RunResult {
  private final Map<String, Double> values = new LinkedHashMap<>();
  private final Map<String, String> units = new LinkedHashMap<>();
  private final List<String> consoleLines = new ArrayList<>();
  private final Map<String, String> reportEntries = new LinkedHashMap<>();
  private final List<Headline> headlines = new ArrayList<>();

  /**
   * One line of the run's answer in the end-of-run verdicts, e.g. AgentPerf's capacity of a tier
   * ({@code SLO #1}, {@code supported_agents}, {@code >= 64 agents}) or an accuracy per task.
   */
  public record Headline(String group, String name, String value) {}

  /** A statistic of a per-request metric ({@code time_to_first_token}, {@code p95}). */
  public RunResult metric(String metric, String stat, double value, String unit) {
    return put("", metric, stat, value, unit);
  }

  /** A scalar result ({@code accuracy}, {@code request_throughput}). */
  public RunResult value(String metric, double value, String unit) {
    return put("", metric, "value", value, unit);
  }

  /** A value belonging to an SLO tier. */
  public RunResult tierValue(String tier, String metric, String stat, double value, String unit) {
    return put(tier, metric, stat, value, unit);
  }

  private RunResult put(String tier, String metric, String stat, double value, String unit) {
    if (!Double.isNaN(value)) {
      String k = key(tier, metric, stat);
      values.put(k, value);
      units.put(k, unit == null ? "" : unit);
    }
    return this;
  }

  /** The value, if measured. A tier's value is only ever the tier's own (never a run-wide stand-in). */
  public OptionalDouble lookup(String tier, String metric, String stat) {
    Double v = values.get(key(tier, metric, stat));
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  /** The unit of a value ({@code ms}, {@code tokens/sec}, ...), or empty. */
  public String unit(String tier, String metric, String stat) {
    String u = units.get(key(tier, metric, stat));
    return u == null ? "" : u;
  }

  public Map<String, Double> values() {
    return values;
  }

  /** Adds a line to print at the end of the run (the results table). */
  public RunResult consoleLine(String line) {
    consoleLines.add(line);
    return this;
  }

  public List<String> consoleLines() {
    return consoleLines;
  }

  /** Adds a key metric published as a JUnit report entry. */
  public RunResult reportEntry(String key, String value) {
    reportEntries.put(key, value);
    return this;
  }

  public Map<String, String> reportEntries() {
    return reportEntries;
  }

  /** Adds a line of the run's answer to its end-of-run verdicts ({@link Headline}). */
  public RunResult headline(String group, String name, String value) {
    headlines.add(new Headline(group == null ? "" : group, name, value));
    return this;
  }

  public List<Headline> headlines() {
    return headlines;
  }

  private static String key(String tier, String metric, String stat) {
    String s = stat == null || stat.isEmpty() ? "value" : stat.toLowerCase(Locale.ROOT);
    return (tier == null || tier.isEmpty() ? "" : tier + "/") + metric + ":" + s;
  }
}
