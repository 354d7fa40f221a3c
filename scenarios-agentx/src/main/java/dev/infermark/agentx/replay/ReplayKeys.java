package dev.infermark.agentx.replay;

import java.time.Duration;
import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/**
 * Settings of the agentic replay scheduler and the AgentX scenario's forbidden flags, named after
 * AIPerf's CLI flags (and, for the AgentX limits, its environment knobs). Documented in
 * {@code docs/agentx-mvp.md}.
 */
public final class ReplayKeys implements KeyCatalog {
  public static final SettingKey<Double> TRAJECTORY_START_MIN_RATIO = SettingKey.decimal("trajectory-start-min-ratio", 0.0,
      "Lower bound of the window (fraction of each trace's duration) where a lane's start instant t* is sampled.");
  public static final SettingKey<Double> TRAJECTORY_START_MAX_RATIO = SettingKey.decimal("trajectory-start-max-ratio", 1.0,
      "Upper bound of the window where a lane's start instant t* is sampled.");
  public static final SettingKey<Double> SYSTEM_IDLE_GAP_CAP_SECONDS = SettingKey.decimal("system-idle-gap-cap-seconds", null,
      "When nothing is in flight, shift all pending replay timers so the next request fires within this many seconds; "
          + "also clamps warmup primer leads. Unset: no cap (the AgentX scenario locks 10).");
  public static final SettingKey<Double> TRACE_IDLE_GAP_CAP_SECONDS = SettingKey.decimal("trace-idle-gap-cap-seconds", null,
      "Per session tree: when the tree has nothing in flight, advance its pending timers so its next request fires "
          + "within this many seconds. Unset: off.");
  public static final SettingKey<Boolean> BURST_PHASE_STARTS = SettingKey.bool("burst-phase-starts", false,
      "Send every warmup primer at once and start every lane's first profiling request at once, instead of keeping "
          + "recorded offsets.");
  public static final SettingKey<Duration> AGENTIC_CACHE_WARMUP_DURATION = SettingKey.duration(
      "agentic-cache-warmup-duration", null,
      "After the primers, continue the live trees this long with no think time and one output token per request "
          + "(cache pressure), then hand each stream's next turn to profiling.");
  public static final SettingKey<Integer> WARMUP_REQUESTS_PER_LANE = SettingKey.integer("warmup-requests-per-lane", null,
      "Cache-pressure warmup by count: each lane sends this many extra one-token requests after the primers "
          + "(exclusive with agentic-cache-warmup-duration).");
  public static final SettingKey<Duration> AGENTIC_WARMUP_GRACE_PERIOD = SettingKey.duration(
      "agentic-warmup-grace-period", null,
      "How long warmup waits for its primers after the last one was sent; then the primers still out are cancelled "
          + "(a root primer among them aborts the run as cancelled). With agentic-cache-warmup-duration it also bounds "
          + "the warmup drain. Unset: unlimited (falls back to warmup-grace-period).");
  public static final SettingKey<Duration> WARMUP_GRACE_PERIOD = SettingKey.duration("warmup-grace-period", null,
      "Alias of agentic-warmup-grace-period for the agentic replay, used when that setting is unset.");
  public static final SettingKey<String> CACHE_BUST = SettingKey.string("cache-bust", "none",
      "Cache-bust target: first_turn_prefix prepends a per-play marker [rid:<12 hex>] to the first user message; "
          + "none sends prompts unchanged.");
  public static final SettingKey<Double> CONTEXT_OVERFLOW_RATE_LIMIT = SettingKey.decimal(
      "agentx-context-overflow-rate-limit", 0.01,
      "Largest context-overflow fraction of profiling responses a valid AgentX submission may have (strictly greater "
          + "is invalid).");
  public static final SettingKey<Double> PROFILE_METRIC_COVERAGE_RATIO = SettingKey.decimal(
      "agentx-profile-metric-coverage-ratio", 0.95,
      "Fraction of the profiling window the TTFT or ITL observations must reach (checked for windows >= 900 s).");
  public static final SettingKey<Boolean> AGENTX_DAG_FAIL_FAST = SettingKey.bool("agentx-dag-fail-fast", false,
      "A failed sub-agent request aborts its parent session and the parent's other sub-agents (AIPerf's "
          + "AIPERF_DAG_FAIL_FAST). Off: the error is counted, the child goes on and still releases the join.");
  public static final SettingKey<Integer> AGENTX_SYNTHETIC_TRACES = SettingKey.integer("agentx-synthetic-traces", null,
      "Write this many seeded synthetic Weka traces into the folder infermark.input-file names (a folder this setting "
          + "owns) and replay them; used by the smoke preset. The run is a local corpus, so it is never a valid submission.");

  // Flags the AgentX scenario forbids; declared so they are known settings (the lock names them).
  public static final SettingKey<Boolean> IGNORE_TRACE_DELAYS = SettingKey.bool("ignore-trace-delays", false,
      "Replay without recorded delays. Not supported by the agentic replay; forbidden by inferencex-agentx-mvp.");
  public static final SettingKey<Integer> SYNTHESIS_MAX_ISL = SettingKey.integer("synthesis-max-isl", null,
      "Truncate synthesized prompts to this many tokens. Not supported here; forbidden by inferencex-agentx-mvp.");
  public static final SettingKey<Double> INTER_TURN_DELAY_CAP_SECONDS = SettingKey.decimal(
      "inter-turn-delay-cap-seconds", null,
      "Cap each inter-turn delay. Not supported here; forbidden by inferencex-agentx-mvp (use the idle caps).");

  private static final List<SettingKey<?>> ALL = List.of(TRAJECTORY_START_MIN_RATIO, TRAJECTORY_START_MAX_RATIO,
      SYSTEM_IDLE_GAP_CAP_SECONDS, TRACE_IDLE_GAP_CAP_SECONDS, BURST_PHASE_STARTS, AGENTIC_CACHE_WARMUP_DURATION,
      WARMUP_REQUESTS_PER_LANE, AGENTIC_WARMUP_GRACE_PERIOD, WARMUP_GRACE_PERIOD, CACHE_BUST, CONTEXT_OVERFLOW_RATE_LIMIT, PROFILE_METRIC_COVERAGE_RATIO,
      AGENTX_DAG_FAIL_FAST, AGENTX_SYNTHETIC_TRACES, IGNORE_TRACE_DELAYS, SYNTHESIS_MAX_ISL,
      INTER_TURN_DELAY_CAP_SECONDS);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
