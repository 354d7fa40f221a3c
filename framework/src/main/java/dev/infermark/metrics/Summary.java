package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.Metric;
import dev.infermark.api.status.API;

import java.util.List;
import java.util.Optional;

/**
 * What one phase of a run measured, with AIPerf's definitions (agentx spec §4.2/§4.3): per-request
 * distributions of successful requests, per-run scalars, and the error summary.
 *
 * @param phase {@code profiling} or {@code warmup}
 * @param metrics the metrics in report order; absent metrics are left out
 * @param errors failed requests grouped by kind, code, type and message, most frequent first
 */
@API(status = EXPERIMENTAL, since = "0.2") // results SPI
public record Summary(String phase, List<MetricValue> metrics, List<ErrorCount> errors) {
  public Summary {
    metrics = List.copyOf(metrics);
    errors = List.copyOf(errors);
  }

  public Optional<MetricValue> find(String tag) {
    return metrics.stream().filter(m -> m.tag().equals(tag)).findFirst();
  }

  /** A scalar's value, or a distribution's average. */
  public Optional<Double> value(String tag) {
    return find(tag).map(m -> switch (m) {
      case MetricValue.Scalar s -> s.value();
      case MetricValue.Distribution d -> d.stats().avg();
    });
  }

  /** A distribution's statistics. */
  public Optional<Stats> stats(String tag) {
    return find(tag).filter(m -> m instanceof MetricValue.Distribution).map(m -> ((MetricValue.Distribution) m).stats());
  }

  /** Valid (successful) requests. */
  public long requestCount() {
    return value(Metric.REQUEST_COUNT.tag()).map(Double::longValue).orElse(0L);
  }

  /** Failed requests. */
  public long errorCount() {
    return errors.stream().mapToLong(ErrorCount::count).sum();
  }
}
