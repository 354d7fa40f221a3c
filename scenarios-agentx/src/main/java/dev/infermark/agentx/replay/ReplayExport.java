package dev.infermark.agentx.replay;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What the AgentX replay adds to {@code profile_export_aiperf.json}, as records (field order
 * explicit, {@code null} left out unless said): {@code metadata.agentic_replay},
 * {@code metadata.metric_duration_coverage} and the overflow counts (agentx spec §4.4).
 */
final class ReplayExport {
  private ReplayExport() {}

  /** A count in AIPerf's per-run metric shape: {@code {"unit": ..., "avg": n}}. */
  @JsonPropertyOrder({"unit", "avg"})
  record Count(String unit, long avg) {}

  /** One {@code metadata.metric_duration_coverage} entry. */
  @JsonPropertyOrder({"phase_name", "expected_duration_seconds", "required_ratio", "ttft_ratio", "inter_token_latency_ratio"})
  record Coverage(@JsonProperty("phase_name") String phaseName,
      @JsonProperty("expected_duration_seconds") double expectedDurationSeconds,
      @JsonProperty("required_ratio") double requiredRatio, @JsonProperty("ttft_ratio") double ttftRatio,
      @JsonProperty("inter_token_latency_ratio") double interTokenLatencyRatio) {
    static List<Coverage> of(SubmissionRules.Coverage c) {
      return List.of(new Coverage("profiling", c.expectedSeconds(), c.requiredRatio(), c.ttftRatio(), c.itlRatio()));
    }
  }

  /** Dispatch lateness percentiles (ms) and how many dispatches they cover. */
  @JsonPropertyOrder({"p50", "p99", "max", "count"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Lateness(double p50, double p99, double max, Long count) {}

  /** {@code metadata.agentic_replay}: the replay's own counters. */
  @JsonPropertyOrder({"lanes", "shard_lanes", "trees_played", "max_live_trees", "system_idle_gap_cap_seconds",
      "system_idle_cap_jumps", "system_idle_cap_skipped_seconds", "trace_idle_cap_jumps", "requests_cut_off",
      "requests_cancelled_in_flight", "records_not_returned", "replay_barrier_holds", "cache_bust_target",
      "dispatch_lateness_ms", "scheduler_lateness_ms", "warmup_dispatch_lateness_ms"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record AgenticReplay(int lanes, @JsonProperty("shard_lanes") Integer shardLanes, @JsonProperty("trees_played") long treesPlayed,
      @JsonProperty("max_live_trees") int maxLiveTrees,
      @JsonInclude(JsonInclude.Include.ALWAYS) @JsonProperty("system_idle_gap_cap_seconds") Double systemIdleGapCapSeconds,
      @JsonProperty("system_idle_cap_jumps") long systemIdleCapJumps,
      @JsonProperty("system_idle_cap_skipped_seconds") double systemIdleCapSkippedSeconds,
      @JsonProperty("trace_idle_cap_jumps") long traceIdleCapJumps, @JsonProperty("requests_cut_off") long requestsCutOff,
      @JsonProperty("requests_cancelled_in_flight") long requestsCancelledInFlight,
      @JsonProperty("records_not_returned") long recordsNotReturned,
      @JsonProperty("replay_barrier_holds") long replayBarrierHolds, @JsonProperty("cache_bust_target") String cacheBustTarget,
      @JsonProperty("dispatch_lateness_ms") Lateness dispatchLatenessMs,
      @JsonProperty("scheduler_lateness_ms") Lateness schedulerLatenessMs,
      @JsonProperty("warmup_dispatch_lateness_ms") Lateness warmupDispatchLatenessMs) {}
}
