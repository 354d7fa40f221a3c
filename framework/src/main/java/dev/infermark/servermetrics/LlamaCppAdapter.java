package dev.infermark.servermetrics;

/**
 * llama.cpp server ({@code llamacpp:*}, with {@code --metrics}): token counters, processing and
 * deferred requests, KV usage where the build still exposes {@code kv_cache_usage_ratio}. It has no
 * prefix-cache counters and no latency histograms.
 */
public final class LlamaCppAdapter implements BackendAdapter {
  @Override
  public String name() {
    return "llamacpp";
  }

  @Override
  public String prefix() {
    return "llamacpp:";
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    d.promptTokens = DerivedFigures.first(d.promptTokens, m.counterTotal("llamacpp:prompt_tokens"));
    d.generationTokens = DerivedFigures.first(d.generationTokens, m.counterTotal("llamacpp:tokens_predicted"));
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent,
        BackendAdapter.level(m, false, 100, "llamacpp:kv_cache_usage_ratio"));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, true, 1, "llamacpp:requests_processing"));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, true, 1, "llamacpp:requests_deferred"));
  }
}
