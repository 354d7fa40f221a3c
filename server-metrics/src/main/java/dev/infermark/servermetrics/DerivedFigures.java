package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures InferenceX's AgentX post-processing looks for, computed over the profiling window by
 * the backend adapters. Each is {@code null} when the server does not expose what it needs (never
 * 0 for unknown). Hit rates are fractions; KV-cache usage is in percent; latencies in ms. An
 * adapter sets only what is still unset, so the first backend that knows a figure gives it.
 */
public final class DerivedFigures {
  /** A server-side latency histogram turned into figures (ms). */
  public record Latency(double count, double avg, double p50, double p90, double p95, double p99) {
    static Latency ofSeconds(double[] h) {
      return h == null ? null : new Latency(h[0], h[1] * 1e3, h[2] * 1e3, h[3] * 1e3, h[4] * 1e3, h[5] * 1e3);
    }
  }

  /** Average and maximum of a gauge over the window. */
  public record Level(double avg, double max) {}

  public final List<String> backends = new ArrayList<>();
  public Double gpuHitRate;
  public Double cpuHitRate;
  public Double externalHitRate;
  public Double overallHitRate;
  public Level kvUsagePercent;
  public Level running;
  public Level waiting;
  public Double preemptions;
  public Latency ttft;
  public Latency itl;
  public Latency e2e;
  public Double promptTokens;
  public Double generationTokens;
  public Double cachedPromptTokens;

  static Double first(Double current, Double candidate) {
    return current != null ? current : candidate;
  }

  static <T> T first(T current, T candidate) {
    return current != null ? current : candidate;
  }

  static Double ratio(Double num, Double den) {
    return num == null || den == null || !(den > 0) ? null : num / den;
  }

  ObjectNode toJson() {
    ObjectNode o = Json.object();
    backends.forEach(o.putArray("backends")::add);
    ObjectNode hit = o.putObject("prefix_cache_hit_rate");
    put(hit, "gpu", gpuHitRate);
    put(hit, "cpu_offload", cpuHitRate);
    put(hit, "external", externalHitRate);
    put(hit, "overall", overallHitRate);
    level(o, "kv_cache_usage_percent", kvUsagePercent);
    level(o, "running_requests", running);
    level(o, "waiting_requests", waiting);
    put(o, "preemptions", preemptions);
    latency(o, "server_time_to_first_token_ms", ttft);
    latency(o, "server_inter_token_latency_ms", itl);
    latency(o, "server_request_latency_ms", e2e);
    put(o, "prompt_tokens", promptTokens);
    put(o, "generation_tokens", generationTokens);
    put(o, "cached_prompt_tokens", cachedPromptTokens);
    return o;
  }

  private static void put(ObjectNode o, String k, Double v) {
    if (v != null) {
      o.put(k, v);
    }
  }

  private static void level(ObjectNode o, String k, Level l) {
    if (l != null) {
      o.putObject(k).put("avg", l.avg()).put("max", l.max());
    }
  }

  private static void latency(ObjectNode o, String k, Latency l) {
    if (l != null) {
      o.putObject(k).put("count", l.count()).put("avg", l.avg()).put("p50", l.p50()).put("p90", l.p90())
          .put("p95", l.p95()).put("p99", l.p99());
    }
  }
}
