package dev.infermark.traces.format;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/**
 * The dataset-file and trace-replay settings, named as AIPerf's flags: which format reads {@code input-file}, the
 * fixed schedule (AIPerf's {@code --fixed-schedule*}, {@code --replay-speedup}) and the {@code --synthesis-*}
 * transforms of hash-id traces. See docs/traces.md.
 */
public final class TraceKeys implements KeyCatalog {
  public static final SettingKey<String> CUSTOM_DATASET_TYPE = SettingKey.string("custom-dataset-type", null,
      "The format of input-file, by AIPerf's name: weka_trace, mooncake_trace, burst_gpt_trace, inputs_json, raw_payload, "
          + "single_turn, multi_turn, sharegpt (or one a jar adds); unset: detected from the file (docs/traces.md).");
  public static final SettingKey<Boolean> FIXED_SCHEDULE = SettingKey.bool("fixed-schedule", null,
      "Replay the trace on its timestamps: each session's first request leaves at its timestamp (over replay-speedup), "
          + "latencies also from that instant. Unset: on when the trace has timestamps (AIPerf's promotion); false: the "
          + "run's load model (concurrency, request-rate) plays the sessions instead.");
  public static final SettingKey<Long> FIXED_SCHEDULE_START_OFFSET = SettingKey.longValue("fixed-schedule-start-offset",
      null, "Replay only the requests whose timestamp is at or after this many ms; the schedule starts there.");
  public static final SettingKey<Long> FIXED_SCHEDULE_END_OFFSET = SettingKey.longValue("fixed-schedule-end-offset",
      null, "Replay only the requests whose timestamp is at or before this many ms.");
  public static final SettingKey<Boolean> FIXED_SCHEDULE_AUTO_OFFSET = SettingKey.bool("fixed-schedule-auto-offset",
      false, "Start the schedule at the first replayed timestamp (instead of timestamp 0, or the start offset).");
  public static final SettingKey<Double> REPLAY_SPEEDUP = SettingKey.decimal("replay-speedup", 1.0,
      "Replay the schedule this many times faster: each timestamp and recorded delay is divided by it (2: twice the rate).");
  public static final SettingKey<Double> SYNTHESIS_SPEEDUP_RATIO = SettingKey.decimal("synthesis-speedup-ratio", 1.0,
      "Divide a trace's timestamps by this when it is loaded (AIPerf's synthesis; composes with replay-speedup).");
  public static final SettingKey<Double> SYNTHESIS_PREFIX_LEN_MULTIPLIER = SettingKey.decimal(
      "synthesis-prefix-len-multiplier", 1.0,
      "Scale each hash-id request's shared prefix (its leading blocks another request also has) by this: requests that "
          + "shared k blocks share floor(k x m).");
  public static final SettingKey<Integer> SYNTHESIS_PREFIX_ROOT_MULTIPLIER = SettingKey.integer(
      "synthesis-prefix-root-multiplier", 1,
      "Replicate the prefix tree this many times: session i's ids go to copy i mod N, so N times fewer requests share "
          + "a prefix.");
  public static final SettingKey<Double> SYNTHESIS_PROMPT_LEN_MULTIPLIER = SettingKey.decimal(
      "synthesis-prompt-len-multiplier", 1.0,
      "Scale each request's own (unshared) prompt tokens by this; the shared prefix stays.");
  public static final SettingKey<Double> SYNTHESIS_OUTPUT_LEN_MULTIPLIER = SettingKey.decimal(
      "synthesis-output-len-multiplier", 1.0, "Scale each request's output length by this (rounded, at least 1).");

  private static final List<SettingKey<?>> ALL = List.of(CUSTOM_DATASET_TYPE, FIXED_SCHEDULE, FIXED_SCHEDULE_START_OFFSET,
      FIXED_SCHEDULE_END_OFFSET, FIXED_SCHEDULE_AUTO_OFFSET, REPLAY_SPEEDUP, SYNTHESIS_SPEEDUP_RATIO,
      SYNTHESIS_PREFIX_LEN_MULTIPLIER, SYNTHESIS_PREFIX_ROOT_MULTIPLIER, SYNTHESIS_PROMPT_LEN_MULTIPLIER,
      SYNTHESIS_OUTPUT_LEN_MULTIPLIER);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
