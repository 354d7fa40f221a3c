package dev.infermark.servermetrics;

import java.util.List;

import dev.infermark.servermetrics.ServerSignals.Count;
import dev.infermark.servermetrics.ServerSignals.Gauge;
import dev.infermark.servermetrics.ServerSignals.HitRate;
import dev.infermark.servermetrics.ServerSignals.Level;
import dev.infermark.servermetrics.ServerSignals.Ratio;

/**
 * TensorRT-LLM ({@code trtllm_*}, served at {@code /prometheus/metrics} with
 * {@code return_perf_metrics}): GPU hit rate from the {@code kv_cache_hit_rate} gauge, else cached
 * over prompt tokens; ITL from {@code time_per_output_token_seconds}.
 */
public final class TrtllmAdapter implements BackendAdapter {
  static final String PROMPT = "trtllm_prompt_tokens";
  static final String CACHED = "trtllm_prompt_cached_tokens";
  static final String HIT_RATE = "trtllm_kv_cache_hit_rate";
  static final ServerSignals SIGNALS = new ServerSignals(Gauge.fraction("trtllm_kv_cache_utilization"),
      Gauge.count("trtllm_num_requests_running"), Gauge.count("trtllm_num_requests_waiting"),
      List.of(HitRate.of("gpu", new Level(HIT_RATE), new Ratio(Count.of(CACHED), Count.of(PROMPT)))));

  @Override
  public String name() {
    return "trtllm";
  }

  @Override
  public String prefix() {
    return "trtllm_";
  }

  @Override
  public ServerSignals signals() {
    return SIGNALS;
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal(PROMPT);
    Double cached = m.counterTotal(CACHED);
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("trtllm_generation_tokens"));
    DerivedFigures.Level hit = BackendAdapter.level(m, false, 1, HIT_RATE);
    Double gpu = hit != null ? Double.valueOf(hit.avg()) : DerivedFigures.ratio(cached, prompt);
    d.gpuHitRate = DerivedFigures.first(d.gpuHitRate, gpu);
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, gpu);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, SIGNALS.kvUsage()));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, SIGNALS.running()));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, SIGNALS.waiting()));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "trtllm_time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl, BackendAdapter.latency(m, "trtllm_time_per_output_token_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "trtllm_e2e_request_latency_seconds"));
  }
}
