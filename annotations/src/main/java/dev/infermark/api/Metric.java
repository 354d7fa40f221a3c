package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.Optional;

import dev.infermark.api.status.API;

/**
 * Every metric infermark's generators produce, with its tag (the name in artifacts and result
 * keys, AIPerf's where AIPerf has one) and the unit its values are stored in. {@code @Slo} names
 * one of these, so a typo fails at compile time; a scenario's own result metric is named by
 * {@code @Slo(custom = "...")} instead (checked at discovery).
 *
 * <p>A {@linkplain #distribution() distribution} is measured per request and summarised by
 * statistics ({@link Stat#P95}, ...); any other metric is one value per run ({@link Stat#VALUE}).
 */
@API(status = STABLE, since = "0.1")
public enum Metric {
  /** Not one of these: the metric is a scenario's own, named by {@code @Slo(custom = ...)}. */
  CUSTOM("", "", false),

  // AIPerf, per request (profiling phase)
  TIME_TO_FIRST_TOKEN("time_to_first_token", "ms", true),
  TIME_TO_SECOND_TOKEN("time_to_second_token", "ms", true),
  REQUEST_LATENCY("request_latency", "ms", true),
  INTER_TOKEN_LATENCY("inter_token_latency", "ms", true),
  FULL_RESPONSE_INTER_TOKEN_LATENCY("full_response_inter_token_latency", "ms", true),
  INTER_CHUNK_LATENCY("inter_chunk_latency", "ms", true),
  /**
   * A request's decode speed, 1 / {@link #INTER_TOKEN_LATENCY} = (OSL − 1) / (last byte − first token): AIPerf's tag,
   * reported per run for every scenario (the harness computes it from the run's records). AA-AgentPerf
   * computes the same per tier at each tier's capacity and reports it under its own name, {@code output_speed}
   * ({@code p25_output_speed} in its results): an {@code @Slo} on this metric with a {@code tier} reads that value.
   */
  OUTPUT_TOKEN_THROUGHPUT_PER_USER("output_token_throughput_per_user", "tokens/sec/user", true),
  FULL_RESPONSE_OUTPUT_TOKEN_THROUGHPUT_PER_USER("full_response_output_token_throughput_per_user", "tokens/sec/user", true),
  /**
   * A request's end-to-end output speed, OSL / {@link #REQUEST_LATENCY}: reported per run for every scenario;
   * AA-AgentPerf reports the same per tier as {@code e2e_speed}, which an {@code @Slo} on this metric
   * with a {@code tier} reads.
   */
  E2E_OUTPUT_TOKEN_THROUGHPUT("e2e_output_token_throughput", "tokens/sec/user", true),
  OUTPUT_TOKEN_COUNT("output_token_count", "tokens", true),
  REASONING_TOKEN_COUNT("reasoning_token_count", "tokens", true),
  OUTPUT_SEQUENCE_LENGTH("output_sequence_length", "tokens", true),
  INPUT_SEQUENCE_LENGTH("input_sequence_length", "tokens", true),
  USAGE_PROMPT_CACHE_READ_TOKENS("usage_prompt_cache_read_tokens", "tokens", true),

  // Measured from each request's intended instant (an open loop's arrival, a replay's turn; a closed loop's
  // send): what the request waited before it left, and TTFT and latency including that wait
  SCHEDULE_LAG("schedule_lag", "ms", true),
  EFFECTIVE_TIME_TO_FIRST_TOKEN("effective_time_to_first_token", "ms", true),
  EFFECTIVE_LATENCY("effective_latency", "ms", true),

  // AIPerf, per run
  OUTPUT_TOKEN_THROUGHPUT("output_token_throughput", "tokens/sec", false),
  REQUEST_THROUGHPUT("request_throughput", "requests/sec", false),
  GOODPUT("goodput", "requests/sec", false),
  REQUEST_COUNT("request_count", "requests", false),
  ERROR_REQUEST_COUNT("error_request_count", "requests", false),
  COMPLETED_REQUEST_COUNT("completed_request_count", "requests", false),
  GOOD_REQUEST_COUNT("good_request_count", "requests", false),
  /**
   * The share of the requests that met every {@code goodput} bound: {@code good_request_count /
   * completed_request_count}, 0 to 1 (DistServe's SLO attainment); with {@code infermark.goodput} only, as
   * {@link #GOODPUT} (their rate).
   */
  @API(status = STABLE, since = "0.2")
  GOOD_REQUEST_FRACTION("good_request_fraction", "ratio", false),
  CONTEXT_OVERFLOW_COUNT("context_overflow_count", "requests", false),
  BENCHMARK_DURATION("benchmark_duration", "sec", false),
  TOTAL_OUTPUT_TOKENS("total_output_tokens", "tokens", false),
  TOTAL_OSL("total_osl", "tokens", false),
  TOTAL_ISL("total_isl", "tokens", false),
  TOTAL_REASONING_TOKENS("total_reasoning_tokens", "tokens", false),

  // The client's self-check (docs/metrics.md)
  CLIENT_SCHEDULER_LAG_P50("client_scheduler_lag_p50", "ms", false),
  CLIENT_SCHEDULER_LAG_P99("client_scheduler_lag_p99", "ms", false),
  CLIENT_CONNECTION_WAIT_P99("client_connection_wait_p99", "ms", false),
  CLIENT_CPU_FRACTION("client_cpu_fraction", "", false),
  CLIENT_CPU_US_PER_READ("client_cpu_us_per_read", "us", false),

  // InferenceX AgentX replay
  SKIPPED_CONTEXT_OVERFLOW_COUNT("skipped_context_overflow_count", "requests", false),
  TREES_PLAYED("trees_played", "trees", false),
  MAX_LIVE_TREES("max_live_trees", "trees", false),
  DISPATCH_LATENESS("dispatch_lateness", "ms", true),

  // AA-AgentPerf, per SLO tier
  SUPPORTED_AGENTS("supported_agents", "agents", false),
  /**
   * AA-AgentPerf's name for {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER} (the same measure: (OSL − 1) / (end − first
   * token)), under which {@code aa-agentperf} reports it per tier ({@code @SloTier}'s {@code outputSpeed}). Write
   * {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER}: one name per meaning; an {@code @Slo} on either reads the value the run
   * reports, per run or per tier.
   *
   * @deprecated since 0.2: use {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER}
   */
  @Deprecated(since = "0.2")
  OUTPUT_SPEED("output_speed", "tokens/sec", true),
  /**
   * AA-AgentPerf's name for {@link #E2E_OUTPUT_TOKEN_THROUGHPUT} (OSL / (end − start)), reported per tier by
   * {@code aa-agentperf}. An {@code @Slo} on either reads the value the run reports.
   *
   * @deprecated since 0.2: use {@link #E2E_OUTPUT_TOKEN_THROUGHPUT}
   */
  @Deprecated(since = "0.2")
  E2E_SPEED("e2e_speed", "tokens/sec", true),
  SUPPORTED_AGENTS_PER_ACCELERATOR("supported_agents_per_accelerator", "agents", false),
  OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR("output_token_throughput_per_accelerator", "tokens/sec", false),
  SUPPORTED_AGENTS_PER_MW("supported_agents_per_mw", "agents/MW", false),
  OUTPUT_TOKEN_THROUGHPUT_PER_MW("output_token_throughput_per_mw", "tokens/sec/MW", false),

  // Accuracy (per run, and per task as a tier)
  ACCURACY("accuracy", "ratio", false),
  ACCURACY_UNPARSED("accuracy_unparsed", "ratio", false),
  ACCURACY_TOTAL("accuracy_total", "responses", false),
  ACCURACY_ERRORS("accuracy_errors", "requests", false);

  private final String tag;
  private final String unit;
  private final boolean distribution;

  Metric(String tag, String unit, boolean distribution) {
    this.tag = tag;
    this.unit = unit;
    this.distribution = distribution;
  }

  /** The name in artifacts and result keys ({@code time_to_first_token}); empty for {@link #CUSTOM}. */
  public String tag() {
    return tag;
  }

  /** The unit values are stored in ({@code ms}, {@code tokens/sec}); empty when unitless. */
  public String unit() {
    return unit;
  }

  /** Whether it is measured per request and summarised by statistics (else one value per run). */
  public boolean distribution() {
    return distribution;
  }

  /** The metric tagged {@code tag}, if it is one of these. */
  public static Optional<Metric> ofTag(String tag) {
    for (Metric m : values()) {
      if (m != CUSTOM && m.tag.equals(tag)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }
}
