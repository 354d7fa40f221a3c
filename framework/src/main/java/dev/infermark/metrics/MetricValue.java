package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

/** One aggregated metric of a phase: a distribution over requests, or a single value. */
@API(status = EXPERIMENTAL, since = "0.2") // results SPI
public sealed interface MetricValue permits MetricValue.Distribution, MetricValue.Scalar {
  /** AIPerf's tag, e.g. {@code time_to_first_token}. */
  String tag();

  /** The display name, e.g. {@code Time to First Token}. */
  String header();

  /** The display unit, e.g. {@code ms}. */
  String unit();

  /**
   * A per-request metric's statistics, in display units.
   *
   * @param precision how the statistics were computed: {@code exact}, or HdrHistogram's precision
   */
  record Distribution(String tag, String header, String unit, Stats stats, String precision) implements MetricValue {}

  /** A per-run value ({@code request_throughput}, {@code benchmark_duration}, ...). */
  record Scalar(String tag, String header, String unit, double value) implements MetricValue {}
}
