package dev.infermark.servermetrics;

import java.util.List;

import dev.infermark.servermetrics.ServerSignals.Count;
import dev.infermark.servermetrics.ServerSignals.Gauge;
import dev.infermark.servermetrics.ServerSignals.HitRate;
import dev.infermark.servermetrics.ServerSignals.Ratio;

/**
 * vLLM ({@code vllm:*}). GPU hit rate from {@code prefix_cache_hits/queries}; the external (KV
 * connector, e.g. CPU offload) rate from {@code external_prefix_cache_*}, which is also the CPU
 * figure, as InferenceX reads it; {@code prompt_tokens_by_source} refines all three when exposed.
 */
public final class VllmAdapter implements BackendAdapter {
  static final String HITS = "vllm:prefix_cache_hits";
  static final String QUERIES = "vllm:prefix_cache_queries";
  static final String EXTERNAL_HITS = "vllm:external_prefix_cache_hits";
  static final String EXTERNAL_QUERIES = "vllm:external_prefix_cache_queries";
  static final String BY_SOURCE = "vllm:prompt_tokens_by_source";
  static final String LOCAL = "local_cache_hit";
  static final String TRANSFER = "external_kv_transfer";
  static final ServerSignals SIGNALS = new ServerSignals(
      Gauge.fraction("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
      Gauge.count("vllm:num_requests_running"), Gauge.count("vllm:num_requests_waiting"),
      List.of(
          HitRate.of("gpu", new Ratio(Count.where(BY_SOURCE, "source", LOCAL), Count.of(BY_SOURCE)),
              new Ratio(Count.of(HITS), Count.of(QUERIES))),
          HitRate.of("external", new Ratio(Count.where(BY_SOURCE, "source", TRANSFER), Count.of(BY_SOURCE)),
              new Ratio(Count.of(EXTERNAL_HITS), Count.of(EXTERNAL_QUERIES)))));

  @Override
  public String name() {
    return "vllm";
  }

  @Override
  public String prefix() {
    return "vllm:";
  }

  @Override
  public ServerSignals signals() {
    return SIGNALS;
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal("vllm:prompt_tokens");
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("vllm:generation_tokens"));
    Double hits = m.counterTotal(HITS);
    Double gpu = DerivedFigures.ratio(hits, m.counterTotal(QUERIES));
    Double extHits = m.counterTotal(EXTERNAL_HITS);
    Double external = DerivedFigures.ratio(extHits, m.counterTotal(EXTERNAL_QUERIES));
    Double overall = gpu;
    Double cached = hits == null ? null : hits + (extHits == null ? 0 : extHits);
    Double local = m.counterTotalWhere(BY_SOURCE, "source", LOCAL);
    Double transfer = m.counterTotalWhere(BY_SOURCE, "source", TRANSFER);
    Double all = m.counterTotal(BY_SOURCE);
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
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, SIGNALS.kvUsage()));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, SIGNALS.running()));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, SIGNALS.waiting()));
    d.preemptions = DerivedFigures.first(d.preemptions, m.counterTotal("vllm:num_preemptions"));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "vllm:time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl,
        BackendAdapter.latency(m, "vllm:inter_token_latency_seconds", "vllm:time_per_output_token_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "vllm:e2e_request_latency_seconds"));
  }
}
