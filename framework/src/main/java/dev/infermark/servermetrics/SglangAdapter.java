package dev.infermark.servermetrics;

/**
 * SGLang ({@code sglang:*}): hit rates from {@code cached_tokens} by {@code cache_source}
 * ({@code device}: GPU, {@code host}: CPU) over prompt tokens, else the {@code cache_hit_rate} gauge.
 * SGLang exposes no preemption counter we read.
 */
public final class SglangAdapter implements BackendAdapter {
  @Override
  public String name() {
    return "sglang";
  }

  @Override
  public String prefix() {
    return "sglang:";
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal("sglang:prompt_tokens");
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("sglang:generation_tokens"));
    Double device = m.counterTotalWhere("sglang:cached_tokens", "cache_source", "device");
    Double host = m.counterTotalWhere("sglang:cached_tokens", "cache_source", "host");
    Double cached = m.counterTotal("sglang:cached_tokens");
    d.gpuHitRate = DerivedFigures.first(d.gpuHitRate, DerivedFigures.ratio(device, prompt));
    d.cpuHitRate = DerivedFigures.first(d.cpuHitRate, DerivedFigures.ratio(host, prompt));
    Double overall = DerivedFigures.ratio(cached, prompt);
    if (overall == null) {
      DerivedFigures.Level g = BackendAdapter.level(m, false, 1, "sglang:cache_hit_rate");
      overall = g == null ? null : g.avg();
    }
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, overall);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, false, 100, "sglang:token_usage"));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, true, 1, "sglang:num_running_reqs"));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, true, 1, "sglang:num_queue_reqs"));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "sglang:time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl, BackendAdapter.latency(m, "sglang:inter_token_latency_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "sglang:e2e_request_latency_seconds"));
  }
}
