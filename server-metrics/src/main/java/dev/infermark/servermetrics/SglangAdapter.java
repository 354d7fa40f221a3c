package dev.infermark.servermetrics;

import java.util.List;

import dev.infermark.servermetrics.ServerSignals.Count;
import dev.infermark.servermetrics.ServerSignals.Gauge;
import dev.infermark.servermetrics.ServerSignals.HitRate;
import dev.infermark.servermetrics.ServerSignals.Level;
import dev.infermark.servermetrics.ServerSignals.Ratio;

/**
 * SGLang ({@code sglang:*}): hit rates from {@code cached_tokens} by {@code cache_source}
 * ({@code device}: GPU, {@code host}: CPU) over prompt tokens, else the {@code cache_hit_rate} gauge.
 * SGLang exposes no preemption counter we read.
 */
public final class SglangAdapter implements BackendAdapter {
  static final String PROMPT = "sglang:prompt_tokens";
  static final String CACHED = "sglang:cached_tokens";
  static final String HIT_RATE = "sglang:cache_hit_rate";
  static final ServerSignals SIGNALS = new ServerSignals(Gauge.fraction("sglang:token_usage"),
      Gauge.count("sglang:num_running_reqs"), Gauge.count("sglang:num_queue_reqs"),
      List.of(
          HitRate.of("gpu", new Ratio(Count.where(CACHED, "cache_source", "device"), Count.of(PROMPT))),
          HitRate.of("cpu_offload", new Ratio(Count.where(CACHED, "cache_source", "host"), Count.of(PROMPT))),
          HitRate.of("overall", new Ratio(Count.of(CACHED), Count.of(PROMPT)), new Level(HIT_RATE))));

  @Override
  public String name() {
    return "sglang";
  }

  @Override
  public String prefix() {
    return "sglang:";
  }

  @Override
  public ServerSignals signals() {
    return SIGNALS;
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = m.counterTotal(PROMPT);
    d.promptTokens = DerivedFigures.first(d.promptTokens, prompt);
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("sglang:generation_tokens"));
    Double device = m.counterTotalWhere(CACHED, "cache_source", "device");
    Double host = m.counterTotalWhere(CACHED, "cache_source", "host");
    Double cached = m.counterTotal(CACHED);
    d.gpuHitRate = DerivedFigures.first(d.gpuHitRate, DerivedFigures.ratio(device, prompt));
    d.cpuHitRate = DerivedFigures.first(d.cpuHitRate, DerivedFigures.ratio(host, prompt));
    Double overall = DerivedFigures.ratio(cached, prompt);
    if (overall == null) {
      DerivedFigures.Level g = BackendAdapter.level(m, false, 1, HIT_RATE);
      overall = g == null ? null : g.avg();
    }
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, overall);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, SIGNALS.kvUsage()));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, SIGNALS.running()));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, SIGNALS.waiting()));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "sglang:time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl, BackendAdapter.latency(m, "sglang:inter_token_latency_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "sglang:e2e_request_latency_seconds"));
  }
}
