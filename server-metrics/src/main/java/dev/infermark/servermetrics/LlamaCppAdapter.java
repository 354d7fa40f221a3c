package dev.infermark.servermetrics;

import java.util.List;

import dev.infermark.servermetrics.ServerSignals.Gauge;

/**
 * llama.cpp server ({@code llamacpp:*}, with {@code --metrics}): token counters, processing and
 * deferred requests, KV usage where the build still exposes {@code kv_cache_usage_ratio}. It has no
 * prefix-cache counters and no latency histograms.
 */
public final class LlamaCppAdapter implements BackendAdapter {
  static final ServerSignals SIGNALS = new ServerSignals(Gauge.fraction("llamacpp:kv_cache_usage_ratio"),
      Gauge.count("llamacpp:requests_processing"), Gauge.count("llamacpp:requests_deferred"), List.of());

  @Override
  public String name() {
    return "llamacpp";
  }

  @Override
  public String prefix() {
    return "llamacpp:";
  }

  @Override
  public ServerSignals signals() {
    return SIGNALS;
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    d.promptTokens = DerivedFigures.first(d.promptTokens, m.counterTotal("llamacpp:prompt_tokens"));
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("llamacpp:tokens_predicted"));
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, SIGNALS.kvUsage()));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, SIGNALS.running()));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, SIGNALS.waiting()));
  }
}
