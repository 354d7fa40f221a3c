package dev.infermark.servermetrics;

/**
 * TensorRT-LLM ({@code trtllm_*}, served at {@code /prometheus/metrics} with
 * {@code return_perf_metrics}): GPU hit rate from the {@code kv_cache_hit_rate} gauge, else cached
 * over prompt tokens; ITL from {@code time_per_output_token_seconds}.
 */
public final class TrtllmAdapter implements BackendAdapter {
  @Override
  public String name() {
    return "trtllm";
  }

  @Override
  public String prefix() {
    return "trtllm_";
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal("trtllm_prompt_tokens");
    Double cached = m.counterTotal("trtllm_prompt_cached_tokens");
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("trtllm_generation_tokens"));
    DerivedFigures.Level hit = BackendAdapter.level(m, false, 1, "trtllm_kv_cache_hit_rate");
    Double gpu = hit != null ? Double.valueOf(hit.avg()) : DerivedFigures.ratio(cached, prompt);
    d.gpuHitRate = DerivedFigures.first(d.gpuHitRate, gpu);
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, gpu);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent,
        BackendAdapter.level(m, false, 100, "trtllm_kv_cache_utilization"));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, true, 1, "trtllm_num_requests_running"));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, true, 1, "trtllm_num_requests_waiting"));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "trtllm_time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl, BackendAdapter.latency(m, "trtllm_time_per_output_token_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "trtllm_e2e_request_latency_seconds"));
  }
}
