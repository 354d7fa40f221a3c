package dev.infermark.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.run.RunOutcome;
import dev.infermark.slo.SloResult;

/**
 * One run of a sweep or one probe of a search: the swept setting's value, the run's key metrics and
 * whether it passed its checks (every SLO and the error rate; cancelled or aborted runs never pass).
 *
 * @param run the run's name ({@code concurrency=8}, {@code inputTokens=128,users=8})
 * @param group the run's other parameters, the same for the points of one curve (empty for one curve)
 * @param value the swept setting's value
 * @param folder the run's folder
 * @param metrics the key metrics by name ({@link #MEASURES}); a metric the run did not measure is absent
 * @param pass whether every check passed
 * @param failed why not: each failed check's message
 */
public record SweepPoint(String run, String group, double value, Path folder, Map<String, Double> metrics, boolean pass,
    List<String> failed) {
  /**
   * A key metric: its column name, the run's metric and statistic.
   *
   * @param unit its unit as the columns say it
   */
  public record Measure(String name, String metric, Stat stat, String unit) {}

  /** The x axis of the throughput–latency curve: the median user's output tokens per second. */
  public static final String PER_USER = "output_token_throughput_per_user_p50";
  /** The y axis: the whole run's output tokens per second. */
  public static final String TOTAL = "output_token_throughput";
  /** The error share of the run's profiling requests. */
  public static final String ERROR_RATE = "error_rate";

  /** The key metrics of every point, in column order. */
  public static final List<Measure> MEASURES = List.of(
      new Measure(TOTAL, Metric.OUTPUT_TOKEN_THROUGHPUT.tag(), Stat.VALUE, "tokens/s"),
      new Measure(PER_USER, Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(), Stat.P50, "tokens/s/user"),
      new Measure("time_to_first_token_p50", Metric.TIME_TO_FIRST_TOKEN.tag(), Stat.P50, "ms"),
      new Measure("time_to_first_token_p99", Metric.TIME_TO_FIRST_TOKEN.tag(), Stat.P99, "ms"),
      new Measure("inter_token_latency_p50", Metric.INTER_TOKEN_LATENCY.tag(), Stat.P50, "ms"),
      new Measure("request_latency_p50", Metric.REQUEST_LATENCY.tag(), Stat.P50, "ms"),
      new Measure("request_latency_p99", Metric.REQUEST_LATENCY.tag(), Stat.P99, "ms"),
      new Measure("request_throughput", Metric.REQUEST_THROUGHPUT.tag(), Stat.VALUE, "requests/s"));

  public SweepPoint {
    metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    failed = List.copyOf(failed);
  }

  /** The point a finished run makes. */
  public static SweepPoint of(String run, String group, double value, RunOutcome outcome) {
    Map<String, Double> m = new LinkedHashMap<>();
    RunResult r = outcome.result();
    for (Measure x : MEASURES) {
      OptionalDouble v = r.lookup("", x.metric(), x.stat());
      if (v.isPresent() && Double.isFinite(v.getAsDouble())) {
        m.put(x.name(), v.getAsDouble());
      }
    }
    if (outcome.errorRate().measured()) {
      m.put(ERROR_RATE, outcome.errorRate().fraction());
    }
    return new SweepPoint(run, group, value, outcome.artifactDir(), m, failures(outcome).isEmpty(), failures(outcome));
  }

  /** Why a run does not pass its checks: failed SLOs, the error rate, a cancel or an abort; empty when it passes. */
  public static List<String> failures(RunOutcome outcome) {
    List<String> out = new ArrayList<>();
    outcome.aborted().ifPresent(a -> out.add("run aborted: " + a));
    if (outcome.cancelled()) {
      out.add("run cancelled");
    }
    for (SloResult s : outcome.slos()) {
      if (!s.passed()) {
        out.add(s.message());
      }
    }
    if (outcome.errorRate().measured() && !outcome.errorRate().passed()) {
      out.add(outcome.errorRate().message());
    }
    if (!outcome.errorRate().measured() && !outcome.cancelled()) {
      out.add("no profiling request completed");
    }
    return out;
  }

  /** A metric's value, NaN when not measured. */
  public double metric(String name) {
    Double v = metrics.get(name);
    return v == null ? Double.NaN : v;
  }
}
