package dev.infermark.servermetrics;

import java.util.List;

import dev.infermark.servermetrics.ServerSignals.Count;
import dev.infermark.servermetrics.ServerSignals.Gauge;
import dev.infermark.servermetrics.ServerSignals.HitRate;
import dev.infermark.servermetrics.ServerSignals.Ratio;

/**
 * Dynamo ({@code dynamo_*}): the frontend's token totals win over the engine's (they count what
 * clients asked for), its latency histograms, in-flight and queued requests, and the workers'
 * GPU cache usage where the engine gave none ({@code _percent} read as a fraction unless it
 * exceeds 1.5, as InferenceX does).
 */
public final class DynamoAdapter implements BackendAdapter {
  static final String INPUT = "dynamo_frontend_input_sequence_tokens";
  static final String CACHED = "dynamo_frontend_cached_tokens";
  static final ServerSignals SIGNALS = new ServerSignals(Gauge.fractionOrPercent("dynamo_component_gpu_cache_usage_percent"),
      Gauge.count("dynamo_frontend_inflight_requests"), Gauge.count("dynamo_frontend_queued_requests"),
      List.of(HitRate.of("overall", new Ratio(Count.of(CACHED), Count.of(INPUT)))));

  @Override
  public String name() {
    return "dynamo";
  }

  @Override
  public String prefix() {
    return "dynamo_";
  }

  @Override
  public ServerSignals signals() {
    return SIGNALS;
  }

  @Override
  public void fill(WindowedMetrics m, DerivedFigures d) {
    Double prompt = tokens(m, INPUT);
    Double output = DerivedFigures.first(m.counterTotal("dynamo_frontend_output_tokens"),
        tokens(m, "dynamo_frontend_output_sequence_tokens"));
    d.promptTokens = DerivedFigures.first(prompt, d.promptTokens);
    d.generationTokens = DerivedFigures.first(output, d.generationTokens);
    Double cached = tokens(m, CACHED);
    d.cachedPromptTokens = DerivedFigures.first(d.cachedPromptTokens, cached);
    d.overallHitRate = DerivedFigures.first(d.overallHitRate, DerivedFigures.ratio(cached, prompt));
    d.kvUsagePercent = DerivedFigures.first(d.kvUsagePercent, BackendAdapter.level(m, SIGNALS.kvUsage()));
    d.running = DerivedFigures.first(d.running, BackendAdapter.level(m, SIGNALS.running()));
    d.waiting = DerivedFigures.first(d.waiting, BackendAdapter.level(m, SIGNALS.waiting()));
    d.ttft = DerivedFigures.first(d.ttft, BackendAdapter.latency(m, "dynamo_frontend_time_to_first_token_seconds"));
    d.itl = DerivedFigures.first(d.itl, BackendAdapter.latency(m, "dynamo_frontend_inter_token_latency_seconds"));
    d.e2e = DerivedFigures.first(d.e2e, BackendAdapter.latency(m, "dynamo_frontend_request_duration_seconds"));
  }

  /** A token total exposed either as a counter or as a per-request histogram (its sum). */
  private static Double tokens(WindowedMetrics m, String name) {
    Double c = m.counterTotal(name);
    if (c != null) {
      return c;
    }
    double[] h = m.histogramTotals(name);
    return h == null ? null : h[1];
  }
}
