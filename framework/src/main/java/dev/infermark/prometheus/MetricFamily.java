package dev.infermark.prometheus;

import java.util.List;

/**
 * One metric family as exposed: the name of its {@code # TYPE}/{@code # HELP} lines (or of its
 * samples when it has neither), its type, help text ({@code ""} when absent) and samples in order.
 */
public record MetricFamily(String name, MetricType type, String help, List<Sample> samples) {
  public MetricFamily {
    samples = List.copyOf(samples);
  }

  /**
   * The name AIPerf keys this family by in its exports (it parses with {@code prometheus_client},
   * which drops a counter's {@code _total}): {@code vllm:prompt_tokens_total} is
   * {@code vllm:prompt_tokens}.
   */
  public String exportName() {
    return type == MetricType.COUNTER && name.endsWith("_total") ? name.substring(0, name.length() - 6) : name;
  }
}
