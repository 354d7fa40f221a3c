package dev.infermark.agentx.replay;

import java.util.List;

import dev.infermark.api.Metric;
import dev.infermark.metrics.catalog.MetricCatalog;
import dev.infermark.metrics.catalog.MetricDef;

/** The metrics the AgentX replay reports beside the harness's, for the whole run (docs/agentx.md). */
public final class ReplayMetrics implements MetricCatalog {
  /** Turns not sent because the context they would have grown to is over the model's window. */
  public static final MetricDef SKIPPED_CONTEXT_OVERFLOW_COUNT =
      MetricDef.value(Metric.SKIPPED_CONTEXT_OVERFLOW_COUNT.tag(), "Skipped Context Overflow Count", "requests");
  /** Conversation trees played from their first turn to their last. */
  public static final MetricDef TREES_PLAYED = MetricDef.value(Metric.TREES_PLAYED.tag(), "Trees Played", "trees")
      .preferLarger();
  /** The most trees in play at once. */
  public static final MetricDef MAX_LIVE_TREES = MetricDef.value(Metric.MAX_LIVE_TREES.tag(), "Max Live Trees", "trees")
      .preferLarger();
  /** How late each turn left against its schedule (p50, p99). */
  public static final MetricDef DISPATCH_LATENESS =
      MetricDef.distribution(Metric.DISPATCH_LATENESS.tag(), "Dispatch Lateness", "ms");

  @Override
  public List<MetricDef> metrics() {
    return List.of(SKIPPED_CONTEXT_OVERFLOW_COUNT, TREES_PLAYED, MAX_LIVE_TREES, DISPATCH_LATENESS);
  }
}
