package dev.infermark.agentperf;

import java.util.List;
import java.util.Set;

import dev.infermark.api.Metric;
import dev.infermark.metrics.catalog.MetricCatalog;
import dev.infermark.metrics.catalog.MetricDef;
import dev.infermark.slo.SloNames;

/** The metrics AA-AgentPerf reports per SLO tier, at the tier's capacity (docs/agentperf.md). */
public final class AgentPerfMetrics implements MetricCatalog {
  /** The tier's capacity: the most concurrent agents that met its SLOs. */
  public static final MetricDef SUPPORTED_AGENTS =
      MetricDef.value(Metric.SUPPORTED_AGENTS.tag(), "Supported Agents", "agents").preferLarger().tierOnly();
  public static final MetricDef SUPPORTED_AGENTS_PER_ACCELERATOR = MetricDef.value(
      Metric.SUPPORTED_AGENTS_PER_ACCELERATOR.tag(), "Supported Agents per Accelerator", "agents").preferLarger().tierOnly();
  public static final MetricDef OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR = MetricDef.value(
      Metric.OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR.tag(), "Output Token Throughput per Accelerator", "tokens/sec")
      .preferLarger().tierOnly();
  public static final MetricDef SUPPORTED_AGENTS_PER_MW = MetricDef.value(Metric.SUPPORTED_AGENTS_PER_MW.tag(),
      "Supported Agents per MW", "agents/MW").preferLarger().tierOnly();
  public static final MetricDef OUTPUT_TOKEN_THROUGHPUT_PER_MW = MetricDef.value(Metric.OUTPUT_TOKEN_THROUGHPUT_PER_MW.tag(),
      "Output Token Throughput per MW", "tokens/sec/MW").preferLarger().tierOnly();

  @Override
  public List<MetricDef> metrics() {
    return List.of(SUPPORTED_AGENTS, SUPPORTED_AGENTS_PER_ACCELERATOR, OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR,
        SUPPORTED_AGENTS_PER_MW, OUTPUT_TOKEN_THROUGHPUT_PER_MW);
  }

  /** The harness's metrics each tier reports too, at its capacity (the speeds also under AA's names). */
  @Override
  public Set<String> alsoPerTier() {
    return Set.of(Metric.TIME_TO_FIRST_TOKEN.tag(), Metric.OUTPUT_TOKEN_THROUGHPUT.tag(),
        Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag(), Metric.E2E_OUTPUT_TOKEN_THROUGHPUT.tag(), SloNames.OUTPUT_SPEED,
        SloNames.E2E_SPEED);
  }
}
