package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import static dev.infermark.api.Metric.Shape.HIGHER;
import static dev.infermark.api.Metric.Shape.LOWER;
import static dev.infermark.api.Metric.Shape.PER_REQUEST;
import static dev.infermark.api.Metric.Shape.PER_RUN;

import java.util.Optional;

import dev.infermark.api.status.API;

/**
 * Every metric infermark's generators produce, by its tag (the name in artifacts and result keys,
 * AIPerf's where AIPerf has one). {@code @Slo} names one of these, so a typo fails at compile time; a
 * scenario's own result metric is named by {@code @Slo(custom = "...")} instead (checked at discovery).
 *
 * <p>The metrics the harness measures in every run are {@linkplain #defined() defined} here, once: tag,
 * header, unit, kind and direction; the framework's artifacts, SLO checks and reports read these. The
 * metrics of a built-in methodology (AgentX replay, AA-AgentPerf, accuracy) are only named here: their
 * module's metric catalog defines them, as a third-party methodology's catalog defines its own.
 *
 * <p>A {@linkplain #distribution() distribution} is measured per request and summarised by
 * statistics ({@link Stat#P95}, ...); any other metric is one value per run ({@link Stat#VALUE}).
 * Report order is declaration order.
 */
@API(status = STABLE, since = "0.1")
public enum Metric {
  /** Not one of these: the metric is a scenario's own, named by {@code @Slo(custom = ...)}. */
  CUSTOM(""),

  // AIPerf, per request (profiling phase)
  TIME_TO_FIRST_TOKEN("time_to_first_token", "Time to First Token", "ms", PER_REQUEST, LOWER),
  TIME_TO_SECOND_TOKEN("time_to_second_token", "Time to Second Token", "ms", PER_REQUEST, LOWER),
  REQUEST_LATENCY("request_latency", "Request Latency", "ms", PER_REQUEST, LOWER),
  // Measured from each request's intended instant (an open loop's arrival, a replay's turn; a closed loop's
  // send): what the request waited before it left, and TTFT and latency including that wait
  SCHEDULE_LAG("schedule_lag", "Schedule Lag", "ms", PER_REQUEST, LOWER),
  EFFECTIVE_TIME_TO_FIRST_TOKEN("effective_time_to_first_token", "Effective Time to First Token",
      "ms", PER_REQUEST, LOWER),
  EFFECTIVE_LATENCY("effective_latency", "Effective Latency", "ms", PER_REQUEST, LOWER),
  INTER_TOKEN_LATENCY("inter_token_latency", "Inter Token Latency", "ms", PER_REQUEST, LOWER),
  FULL_RESPONSE_INTER_TOKEN_LATENCY("full_response_inter_token_latency", "Full-Response Inter Token Latency",
      "ms", PER_REQUEST, LOWER),
  INTER_CHUNK_LATENCY("inter_chunk_latency", "Inter Chunk Latency", "ms", PER_REQUEST, LOWER),
  /**
   * A request's decode speed, 1 / {@link #INTER_TOKEN_LATENCY} = (OSL − 1) / (last byte − first token): AIPerf's tag,
   * reported per run for every scenario (the harness computes it from the run's records). AA-AgentPerf
   * computes the same per tier at each tier's capacity and reports it under its own name, {@code output_speed}
   * ({@code p25_output_speed} in its results): an {@code @Slo} on this metric with a {@code tier} reads that value.
   */
  OUTPUT_TOKEN_THROUGHPUT_PER_USER("output_token_throughput_per_user", "Output Token Throughput Per User",
      "tokens/sec/user", PER_REQUEST, HIGHER),
  FULL_RESPONSE_OUTPUT_TOKEN_THROUGHPUT_PER_USER("full_response_output_token_throughput_per_user",
      "Full-Response Output Token Throughput Per User", "tokens/sec/user", PER_REQUEST, HIGHER),
  /**
   * A request's end-to-end output speed, OSL / {@link #REQUEST_LATENCY}: reported per run for every scenario;
   * AA-AgentPerf reports the same per tier as {@code e2e_speed}, which an {@code @Slo} on this metric
   * with a {@code tier} reads.
   */
  E2E_OUTPUT_TOKEN_THROUGHPUT("e2e_output_token_throughput", "E2E Output Token Throughput Per User",
      "tokens/sec/user", PER_REQUEST, HIGHER),
  OUTPUT_TOKEN_COUNT("output_token_count", "Output Token Count", "tokens", PER_REQUEST, LOWER),
  REASONING_TOKEN_COUNT("reasoning_token_count", "Reasoning Token Count", "tokens", PER_REQUEST, LOWER),
  OUTPUT_SEQUENCE_LENGTH("output_sequence_length", "Output Sequence Length", "tokens", PER_REQUEST, LOWER),
  INPUT_SEQUENCE_LENGTH("input_sequence_length", "Input Sequence Length", "tokens", PER_REQUEST, LOWER),
  USAGE_PROMPT_CACHE_READ_TOKENS("usage_prompt_cache_read_tokens", "Usage Prompt Cache Read Tokens",
      "tokens", PER_REQUEST, LOWER),

  // AIPerf, per run
  OUTPUT_TOKEN_THROUGHPUT("output_token_throughput", "Output Token Throughput", "tokens/sec", PER_RUN, HIGHER),
  REQUEST_THROUGHPUT("request_throughput", "Request Throughput", "requests/sec", PER_RUN, HIGHER),
  GOODPUT("goodput", "Goodput", "requests/sec", PER_RUN, HIGHER),
  REQUEST_COUNT("request_count", "Request Count", "requests", PER_RUN, HIGHER),
  ERROR_REQUEST_COUNT("error_request_count", "Error Request Count", "requests", PER_RUN, LOWER),
  COMPLETED_REQUEST_COUNT("completed_request_count", "Completed Requests (Success + Error)",
      "requests", PER_RUN, HIGHER),
  GOOD_REQUEST_COUNT("good_request_count", "Good Request Count", "requests", PER_RUN, HIGHER),
  /**
   * The share of the requests that met every {@code goodput} bound: {@code good_request_count /
   * completed_request_count}, 0 to 1 (DistServe's SLO attainment); with {@code infermark.goodput} only, as
   * {@link #GOODPUT} (their rate).
   */
  @API(status = STABLE, since = "0.2")
  GOOD_REQUEST_FRACTION("good_request_fraction", "Good Request Fraction", "ratio", PER_RUN, HIGHER),
  CONTEXT_OVERFLOW_COUNT("context_overflow_count", "Context Overflow Count", "requests", PER_RUN, LOWER),
  BENCHMARK_DURATION("benchmark_duration", "Benchmark Duration", "sec", PER_RUN, LOWER),
  TOTAL_OUTPUT_TOKENS("total_output_tokens", "Total Output Tokens", "tokens", PER_RUN, HIGHER),
  TOTAL_OSL("total_osl", "Total Output Sequence Length", "tokens", PER_RUN, HIGHER),
  TOTAL_ISL("total_isl", "Total Input Sequence Length", "tokens", PER_RUN, HIGHER),
  TOTAL_REASONING_TOKENS("total_reasoning_tokens", "Total Reasoning Tokens", "tokens", PER_RUN, HIGHER),

  // The client's self-check (docs/metrics.md)
  CLIENT_SCHEDULER_LAG_P50("client_scheduler_lag_p50", "Client Scheduler Lag P50", "ms", PER_RUN, LOWER),
  CLIENT_SCHEDULER_LAG_P99("client_scheduler_lag_p99", "Client Scheduler Lag P99", "ms", PER_RUN, LOWER),
  CLIENT_CONNECTION_WAIT_P99("client_connection_wait_p99", "Client Connection Wait P99", "ms", PER_RUN, LOWER),
  CLIENT_CPU_FRACTION("client_cpu_fraction", "Client CPU Fraction", "", PER_RUN, LOWER),
  CLIENT_CPU_US_PER_READ("client_cpu_us_per_read", "Client CPU per Read", "us", PER_RUN, LOWER),

  // Named here, defined by their methodology module's catalog (scenarios-agentx, scenarios-agentperf,
  // scenarios-accuracy): an @Slo names them at compile time; their header, unit, kind and direction are the module's.
  // Except OUTPUT_SPEED and E2E_SPEED: AA's names of two of the harness's measures (@SloTier's), defined here.

  // InferenceX AgentX replay
  SKIPPED_CONTEXT_OVERFLOW_COUNT("skipped_context_overflow_count"),
  TREES_PLAYED("trees_played"),
  MAX_LIVE_TREES("max_live_trees"),
  DISPATCH_LATENESS("dispatch_lateness"),

  // AA-AgentPerf, per SLO tier
  SUPPORTED_AGENTS("supported_agents"),
  /**
   * AA-AgentPerf's name for {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER} (the same measure: (OSL − 1) / (end − first
   * token)), under which {@code aa-agentperf} reports it per tier ({@code @SloTier}'s {@code outputSpeed}). Write
   * {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER}: one name per meaning; an {@code @Slo} on either reads the value the run
   * reports, per run or per tier.
   *
   * @deprecated since 0.2: use {@link #OUTPUT_TOKEN_THROUGHPUT_PER_USER}
   */
  @Deprecated(since = "0.2")
  OUTPUT_SPEED("output_speed", "Output Speed", "tokens/sec", PER_REQUEST, HIGHER),
  /**
   * AA-AgentPerf's name for {@link #E2E_OUTPUT_TOKEN_THROUGHPUT} (OSL / (end − start)), reported per tier by
   * {@code aa-agentperf}. An {@code @Slo} on either reads the value the run reports.
   *
   * @deprecated since 0.2: use {@link #E2E_OUTPUT_TOKEN_THROUGHPUT}
   */
  @Deprecated(since = "0.2")
  E2E_SPEED("e2e_speed", "E2E Speed", "tokens/sec", PER_REQUEST, HIGHER),
  SUPPORTED_AGENTS_PER_ACCELERATOR("supported_agents_per_accelerator"),
  OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR("output_token_throughput_per_accelerator"),
  SUPPORTED_AGENTS_PER_MW("supported_agents_per_mw"),
  OUTPUT_TOKEN_THROUGHPUT_PER_MW("output_token_throughput_per_mw"),

  // Accuracy (per run, and per task as a tier)
  ACCURACY("accuracy"),
  ACCURACY_UNPARSED("accuracy_unparsed"),
  ACCURACY_TOTAL("accuracy_total"),
  ACCURACY_ERRORS("accuracy_errors");

  private final String tag;
  private final String header;
  private final String unit;
  private final boolean distribution;
  private final boolean largerIsBetter;
  private final boolean defined;

  /** The metric, defined here: the one definition the framework's artifacts, checks and reports read. */
  Metric(String tag, String header, String unit, boolean distribution, boolean largerIsBetter) {
    this.tag = tag;
    this.header = header;
    this.unit = unit;
    this.distribution = distribution;
    this.largerIsBetter = largerIsBetter;
    this.defined = true;
  }

  /** A name only: a methodology module's catalog defines the metric (or, for {@link #CUSTOM}, nothing does). */
  Metric(String tag) {
    this.tag = tag;
    this.header = "";
    this.unit = "";
    this.distribution = false;
    this.largerIsBetter = false;
    this.defined = false;
  }

  /** The name in artifacts and result keys ({@code time_to_first_token}); empty for {@link #CUSTOM}. */
  public String tag() {
    return tag;
  }

  /**
   * The display name, AIPerf's where AIPerf has one ({@code Time to First Token}): the CSV export's and the console's
   * column header. Empty where this enum only names the metric ({@link #defined()} is false).
   *
   * @since 0.2
   */
  @API(status = STABLE, since = "0.2")
  public String header() {
    return header;
  }

  /**
   * The unit values are stored in ({@code ms}, {@code tokens/sec}); empty when unitless, and where this enum only
   * names the metric ({@link #defined()} is false: its module's definition gives the unit).
   */
  public String unit() {
    return unit;
  }

  /**
   * Whether it is measured per request and summarised by statistics (else one value per run); false where this enum
   * only names the metric ({@link #defined()} is false: its module's definition says).
   */
  public boolean distribution() {
    return distribution;
  }

  /**
   * Whether a larger value is better (a throughput) rather than a smaller one (a latency): which way a regression
   * check and a comparison read a change. False where this enum only names the metric.
   *
   * @since 0.2
   */
  @API(status = STABLE, since = "0.2")
  public boolean largerIsBetter() {
    return largerIsBetter;
  }

  /**
   * Whether this enum defines the metric (its header, unit, kind and direction): true for the metrics the harness
   * measures in every run. False for {@link #CUSTOM} and for a metric a methodology module reports ({@link
   * #TREES_PLAYED}, {@link #SUPPORTED_AGENTS}, {@link #ACCURACY}, ...): the constant names it, so an {@code @Slo} is
   * checked at compile time, and the module's metric catalog defines it (docs/writing-methodologies.md).
   *
   * @since 0.2
   */
  @API(status = STABLE, since = "0.2")
  public boolean defined() {
    return defined;
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

  /** The words of the constructor's flags, so each definition reads as a sentence. */
  static final class Shape {
    static final boolean PER_REQUEST = true;
    static final boolean PER_RUN = false;
    static final boolean HIGHER = true;
    static final boolean LOWER = false;

    private Shape() {}
  }
}
