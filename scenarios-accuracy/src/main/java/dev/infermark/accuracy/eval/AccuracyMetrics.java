package dev.infermark.accuracy.eval;

import java.util.List;

import dev.infermark.api.Metric;
import dev.infermark.metrics.catalog.MetricCatalog;
import dev.infermark.metrics.catalog.MetricDef;

/** The metrics an accuracy evaluation reports: overall, and the rates per task as SLO tiers (docs/accuracy.md). */
public final class AccuracyMetrics implements MetricCatalog {
  /** The share of graded responses that were right, 0 to 1. */
  public static final MetricDef ACCURACY = MetricDef.value(Metric.ACCURACY.tag(), "Accuracy", "ratio").preferLarger()
      .runAndTier();
  /** The share of graded responses no answer could be read from. */
  public static final MetricDef ACCURACY_UNPARSED =
      MetricDef.value(Metric.ACCURACY_UNPARSED.tag(), "Accuracy Unparsed", "ratio").runAndTier();
  /** The responses graded. */
  public static final MetricDef ACCURACY_TOTAL = MetricDef.value(Metric.ACCURACY_TOTAL.tag(), "Accuracy Total",
      "responses").preferLarger();
  /** The requests that failed and were not graded. */
  public static final MetricDef ACCURACY_ERRORS = MetricDef.value(Metric.ACCURACY_ERRORS.tag(), "Accuracy Errors",
      "requests");

  @Override
  public List<MetricDef> metrics() {
    return List.of(ACCURACY, ACCURACY_UNPARSED, ACCURACY_TOTAL, ACCURACY_ERRORS);
  }
}
