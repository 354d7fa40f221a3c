package dev.infermark.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

/** AIPerf's metric tags, display names and units, in report order. */
public final class MetricDefs {
  /** One metric's names, its display unit and whether larger values are better. */
  public record Def(String tag, String header, String unit, boolean largerIsBetter) {}

  public static final String TTFT = "time_to_first_token";
  public static final String TTST = "time_to_second_token";
  public static final String ITL = "inter_token_latency";
  public static final String FULL_RESPONSE_ITL = "full_response_inter_token_latency";
  public static final String ICL = "inter_chunk_latency";
  public static final String REQUEST_LATENCY = "request_latency";
  public static final String OUTPUT_TPS_PER_USER = "output_token_throughput_per_user";
  public static final String FULL_RESPONSE_TPS_PER_USER = "full_response_output_token_throughput_per_user";
  public static final String E2E_OUTPUT_SPEED = "e2e_output_token_throughput";
  public static final String ISL = "input_sequence_length";
  public static final String OSL = "output_sequence_length";
  public static final String OUTPUT_TOKEN_COUNT = "output_token_count";
  public static final String REASONING_TOKEN_COUNT = "reasoning_token_count";
  public static final String CACHED_TOKENS = "usage_prompt_cache_read_tokens";
  public static final String SCHEDULE_LAG = "schedule_lag";
  public static final String EFFECTIVE_TTFT = "effective_time_to_first_token";
  public static final String EFFECTIVE_LATENCY = "effective_latency";

  public static final String REQUEST_THROUGHPUT = "request_throughput";
  public static final String OUTPUT_TOKEN_THROUGHPUT = "output_token_throughput";
  public static final String GOODPUT = "goodput";
  public static final String REQUEST_COUNT = "request_count";
  public static final String ERROR_REQUEST_COUNT = "error_request_count";
  public static final String COMPLETED_REQUEST_COUNT = "completed_request_count";
  public static final String GOOD_REQUEST_COUNT = "good_request_count";
  public static final String GOOD_REQUEST_FRACTION = "good_request_fraction";
  public static final String CONTEXT_OVERFLOW_COUNT = "context_overflow_count";
  public static final String BENCHMARK_DURATION = "benchmark_duration";
  public static final String TOTAL_OUTPUT_TOKENS = "total_output_tokens";
  public static final String TOTAL_OSL = "total_osl";
  public static final String TOTAL_ISL = "total_isl";
  public static final String TOTAL_REASONING_TOKENS = "total_reasoning_tokens";

  private static final Map<String, Def> DEFS = new LinkedHashMap<>();

  static {
    def(TTFT, "Time to First Token", "ms", false);
    def(TTST, "Time to Second Token", "ms", false);
    def(REQUEST_LATENCY, "Request Latency", "ms", false);
    // from the intended instant, beside the actual-send latencies above
    def(SCHEDULE_LAG, "Schedule Lag", "ms", false);
    def(EFFECTIVE_TTFT, "Effective Time to First Token", "ms", false);
    def(EFFECTIVE_LATENCY, "Effective Latency", "ms", false);
    def(ITL, "Inter Token Latency", "ms", false);
    def(FULL_RESPONSE_ITL, "Full-Response Inter Token Latency", "ms", false);
    def(ICL, "Inter Chunk Latency", "ms", false);
    def(OUTPUT_TPS_PER_USER, "Output Token Throughput Per User", "tokens/sec/user", true);
    def(FULL_RESPONSE_TPS_PER_USER, "Full-Response Output Token Throughput Per User", "tokens/sec/user", true);
    def(E2E_OUTPUT_SPEED, "E2E Output Token Throughput Per User", "tokens/sec/user", true);
    def(OUTPUT_TOKEN_COUNT, "Output Token Count", "tokens", false);
    def(REASONING_TOKEN_COUNT, "Reasoning Token Count", "tokens", false);
    def(OSL, "Output Sequence Length", "tokens", false);
    def(ISL, "Input Sequence Length", "tokens", false);
    def(CACHED_TOKENS, "Usage Prompt Cache Read Tokens", "tokens", false);
    def(OUTPUT_TOKEN_THROUGHPUT, "Output Token Throughput", "tokens/sec", true);
    def(REQUEST_THROUGHPUT, "Request Throughput", "requests/sec", true);
    def(GOODPUT, "Goodput", "requests/sec", true);
    def(REQUEST_COUNT, "Request Count", "requests", true);
    def(ERROR_REQUEST_COUNT, "Error Request Count", "requests", false);
    def(COMPLETED_REQUEST_COUNT, "Completed Requests (Success + Error)", "requests", true);
    def(GOOD_REQUEST_COUNT, "Good Request Count", "requests", true);
    def(GOOD_REQUEST_FRACTION, "Good Request Fraction", "ratio", true);
    def(CONTEXT_OVERFLOW_COUNT, "Context Overflow Count", "requests", false);
    def(BENCHMARK_DURATION, "Benchmark Duration", "sec", false);
    def(TOTAL_OUTPUT_TOKENS, "Total Output Tokens", "tokens", true);
    def(TOTAL_OSL, "Total Output Sequence Length", "tokens", true);
    def(TOTAL_ISL, "Total Input Sequence Length", "tokens", true);
    def(TOTAL_REASONING_TOKENS, "Total Reasoning Tokens", "tokens", true);
  }

  private MetricDefs() {}

  private static void def(String tag, String header, String unit, boolean larger) {
    DEFS.put(tag, new Def(tag, header, unit, larger));
  }

  /** The definition of a tag, or {@code null}. */
  public static Def get(String tag) {
    return DEFS.get(tag);
  }

  /** Every known tag in report order. */
  public static Iterable<String> tags() {
    return DEFS.keySet();
  }
}
