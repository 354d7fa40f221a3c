package dev.infermark.api;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

import dev.infermark.api.status.API;

/**
 * What a run measured, immutable: typed values that {@code @Slo} checks look up, plus lines for
 * the console, entries for the test report and the run's answer for the end-of-run verdicts.
 * Made with {@link #builder()}; a {@code SelfPhased} workload returns one, and the harness adds
 * every AIPerf statistic of the run's records to it ({@link #toBuilder()}).
 *
 * <p>Semantics, exactly:
 * <ul>
 *   <li>A value is keyed by {@link Key}: a tier ({@code ""} for the whole run, else an SLO tier
 *       such as {@code SLO #1} or an accuracy task), a metric tag ({@link Metric#tag()}, or a
 *       scenario's own name) and a {@link Stat} ({@link Stat#VALUE} for one value per run).</li>
 *   <li>A value that was not measured is absent, never 0: putting {@code NaN} leaves the key
 *       unset. Putting a key twice keeps the last value (the harness's own measurements are put
 *       after the workload's).</li>
 *   <li>{@link #lookup} answers a tier's value only from that tier: a run-wide value never stands
 *       in for a tier's, nor the reverse.</li>
 *   <li>Values keep the order they were first put in; console lines and headlines theirs.</li>
 * </ul>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RunResult {
  private static final RunResult EMPTY = new Builder().build();

  private final Map<Key, Value> values;
  private final List<String> consoleLines;
  private final Map<String, String> reportEntries;
  private final List<Headline> headlines;

  /** Where a value belongs: {@code tier} ({@code ""} for the whole run), metric tag and statistic. */
  public record Key(String tier, String metric, Stat stat) {
    public Key {
      tier = tier == null ? "" : tier;
      Objects.requireNonNull(metric, "metric");
      if (metric.isBlank()) {
        throw new IllegalArgumentException("a result value needs a metric name");
      }
      Objects.requireNonNull(stat, "stat");
    }

    /** {@code [tier/]metric:stat}, as messages and report entries show it. */
    @Override
    public String toString() {
      return (tier.isEmpty() ? "" : tier + "/") + metric + ":" + stat.label();
    }
  }

  /** A measured value and its unit ({@code ms}, {@code tokens/sec}, or {@code ""} when unitless). */
  public record Value(double value, String unit) {
    public Value {
      unit = unit == null ? "" : unit;
    }
  }

  /**
   * One line of the run's answer in the end-of-run verdicts, e.g. AgentPerf's capacity of a tier
   * ({@code SLO #1}, {@code supported_agents}, {@code >= 64 agents}) or an accuracy per task.
   */
  public record Headline(String group, String name, String value) {
    public Headline {
      group = group == null ? "" : group;
    }
  }

  private RunResult(Builder b) {
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(b.values));
    this.consoleLines = List.copyOf(b.consoleLines);
    this.reportEntries = Collections.unmodifiableMap(new LinkedHashMap<>(b.reportEntries));
    this.headlines = List.copyOf(b.headlines);
  }

  /** A result with nothing in it (a workload that reports nothing of its own). */
  public static RunResult empty() {
    return EMPTY;
  }

  /** A builder for a new result. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding everything this result holds, to add to. */
  public Builder toBuilder() {
    return new Builder().addAll(this);
  }

  /** The value, if measured (see the class's semantics). */
  public OptionalDouble lookup(Key key) {
    Value v = values.get(key);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v.value());
  }

  /** The value of {@code metric}'s {@code stat} for {@code tier} ({@code ""}: the whole run), if measured. */
  public OptionalDouble lookup(String tier, String metric, Stat stat) {
    return lookup(new Key(tier, metric, stat));
  }

  /** The run-wide value of {@code metric}'s {@code stat}, if measured. */
  public OptionalDouble lookup(Metric metric, Stat stat) {
    return lookup("", metric.tag(), stat);
  }

  /** The unit of a value ({@code ms}, {@code tokens/sec}, ...), or empty when absent or unitless. */
  public String unit(String tier, String metric, Stat stat) {
    Value v = values.get(new Key(tier, metric, stat));
    return v == null ? "" : v.unit();
  }

  /** Every value, in the order first put. */
  public Map<Key, Value> values() {
    return values;
  }

  /** Lines to print at the end of the run (e.g. a methodology's own results table). */
  public List<String> consoleLines() {
    return consoleLines;
  }

  /** Key figures published as JUnit report entries. */
  public Map<String, String> reportEntries() {
    return reportEntries;
  }

  /** The run's answer in the end-of-run verdicts ({@link Headline}). */
  public List<Headline> headlines() {
    return headlines;
  }

  @Override
  public String toString() {
    return "RunResult" + values;
  }

  /** Collects a result's parts; {@link #build()} makes the immutable result. Not thread-safe. */
  public static final class Builder {
    private final Map<Key, Value> values = new LinkedHashMap<>();
    private final List<String> consoleLines = new ArrayList<>();
    private final Map<String, String> reportEntries = new LinkedHashMap<>();
    private final List<Headline> headlines = new ArrayList<>();

    private Builder() {}

    /** A statistic of a per-request metric ({@code time_to_first_token}, {@link Stat#P95}). */
    public Builder metric(String metric, Stat stat, double value, String unit) {
      return put("", metric, stat, value, unit);
    }

    /**
     * A statistic of one of infermark's metrics, in the metric's unit.
     *
     * @throws IllegalArgumentException when {@code metric} is not {@linkplain Metric#defined() defined} by the enum
     *     (its module's catalog gives its unit: use {@link #metric(String, Stat, double, String)})
     */
    public Builder metric(Metric metric, Stat stat, double value) {
      return put("", defined(metric).tag(), stat, value, metric.unit());
    }

    /** A scalar result ({@code accuracy}, {@code request_throughput}): {@link Stat#VALUE}. */
    public Builder value(String metric, double value, String unit) {
      return put("", metric, Stat.VALUE, value, unit);
    }

    /**
     * One of infermark's scalar metrics, in the metric's unit.
     *
     * @throws IllegalArgumentException when {@code metric} is not {@linkplain Metric#defined() defined} by the enum
     *     (its module's catalog gives its unit: use {@link #value(String, double, String)})
     */
    public Builder value(Metric metric, double value) {
      return put("", defined(metric).tag(), Stat.VALUE, value, metric.unit());
    }

    private static Metric defined(Metric m) {
      if (!m.defined()) {
        throw new IllegalArgumentException("Metric." + m + " only names a metric: its methodology's catalog defines "
            + "its unit; report it with its tag and unit");
      }
      return m;
    }

    /** A value belonging to an SLO tier (or an accuracy task). */
    public Builder tierValue(String tier, String metric, Stat stat, double value, String unit) {
      return put(tier, metric, stat, value, unit);
    }

    private Builder put(String tier, String metric, Stat stat, double value, String unit) {
      if (!Double.isNaN(value)) {
        values.put(new Key(tier, metric, stat), new Value(value, unit));
      }
      return this;
    }

    /** Adds a line to print at the end of the run. */
    public Builder consoleLine(String line) {
      consoleLines.add(line);
      return this;
    }

    /** Adds a key figure published as a JUnit report entry (a later one of the same key replaces it). */
    public Builder reportEntry(String key, String value) {
      reportEntries.put(key, value);
      return this;
    }

    /** Adds a line of the run's answer to its end-of-run verdicts ({@link Headline}). */
    public Builder headline(String group, String name, String value) {
      headlines.add(new Headline(group, name, value));
      return this;
    }

    /** Adds everything {@code other} holds (its values replace equal keys). */
    public Builder addAll(RunResult other) {
      values.putAll(other.values);
      consoleLines.addAll(other.consoleLines);
      reportEntries.putAll(other.reportEntries);
      headlines.addAll(other.headlines);
      return this;
    }

    /** The immutable result. */
    public RunResult build() {
      return new RunResult(this);
    }
  }
}
