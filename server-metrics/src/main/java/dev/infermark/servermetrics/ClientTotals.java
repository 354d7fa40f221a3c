package dev.infermark.servermetrics;

import dev.infermark.api.Metric;
import dev.infermark.metrics.Summary;

/**
 * What the client counted over the profiling phase, for the cross-checks; {@code null} where it
 * did not measure (the server's usage gave no cached tokens, ...).
 */
public record ClientTotals(Long inputTokens, Long outputTokens, Long cachedTokens, long requests) {
  public static final ClientTotals NONE = new ClientTotals(null, null, null, 0);

  /** From the profiling summary: {@code total_isl}, {@code total_osl}, the sum of {@code usage_prompt_cache_read_tokens}. */
  public static ClientTotals of(Summary profiling) {
    Long in = profiling.value(Metric.TOTAL_ISL.tag()).map(Math::round).orElse(null);
    Long out = profiling.value(Metric.TOTAL_OSL.tag()).map(Math::round).orElse(null);
    Long cached = profiling.stats(Metric.USAGE_PROMPT_CACHE_READ_TOKENS.tag()).map(s -> Math.round(s.sum())).orElse(null);
    return new ClientTotals(in, out, cached, profiling.requestCount());
  }
}
