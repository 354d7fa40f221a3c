package dev.infermark.servermetrics;

/**
 * vLLM ({@code vllm:*}). GPU hit rate from {@code prefix_cache_hits/queries}; the external (KV
 * connector, e.g. CPU offload) rate from {@code external_prefix_cache_*}, which is also the CPU
 * figure, as InferenceX reads it; {@code prompt_tokens_by_source} refines all three when exposed.
 */
public final class VllmAdapter implements BackendAdapter {
  @Override
  public String name() {
    return "vllm";
  }

  @Override
  public String prefix() {
    return "vllm:";
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal("vllm:prompt_tokens");
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("vllm:generation_tokens"));
    Double hits = m.counterTotal("vllm:prefix_cache_hits");
    Double gpu = DerivedFigures.ratio(hits, m.counterTotal("vllm:prefix_cache_queries"));
    Double extHits = m.counterTotal("vllm:external_prefix_cache_hits");
    Double external = DerivedFigures.ratio(extHits, m.counterTotal("vllm:external_prefix_cache_queries"));
    Double overall = gpu;
    Double cached = hits == null ? null : hits + (extHits == null ? 0 : extHits);
    Double local = m.counterTotalWhere("vllm:prompt_tokens_by_source", "source", "local_cache_hit");
    Double transfer = m.counterTotalWhere("vllm:prompt_tokens_by_source", "source", "external_kv_transfer");
    Double all = m.counterTotal("vllm:prompt_tokens_by_source");
    if (all != null && all > 0) {
      if (local != null) {
        gpu = local / all;
      }
      if (transfer != null) {
        external = transfer / all;
      }
      overall = ((local == null ? 0 : local) + (transfer == null ? 0 : transfer)) / all;
      cached = (local == null ? 0 : local) + (transfer == null ? 0 : transfer);
    }
    d.gpuHitRate = DerivedFigures.first(d.gpuHitRate, gpu);
    d.externalHitRate = DerivedFigures.first(d.externalHitRate, external);
    d.cpuHitRate = DerivedFigures.first(d.cpuHitRate, external);
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, overall);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent,
        BackendAdapter.level(m, false, 100, "vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, true, 1, "vllm:num_requests_running"));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, true, 1, "vllm:num_requests_waiting"));
    d.preemptions = DerivedFigures.first(d.preemptions, m.counterTotal("vllm:num_preemptions"));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "vllm:time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl,
        BackendAdapter.latency(m, "vllm:inter_token_latency_seconds", "vllm:time_per_output_token_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "vllm:e2e_request_latency_seconds"));
  }
}
