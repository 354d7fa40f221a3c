package dev.infermark.traces.replay.scenarios;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.FixedSchedule;
import dev.infermark.api.RunContext;
import dev.infermark.traces.replay.TraceReplay;

/**
 * Replays a dataset file ({@code input-file}, its format {@code custom-dataset-type} or detected): a Mooncake or
 * BurstGPT trace, AIPerf's {@code inputs.json} or raw payloads, conversation files, Weka traces. With timestamps it
 * is a fixed schedule (each session's first request leaves at its timestamp over {@code replay-speedup}, latencies
 * also from that instant, {@code theoretical_prefix_cache_hit} from the hash ids); {@code fixed-schedule false}
 * plays the sessions under the run's load model instead. {@code infermark profile --input-file trace.jsonl
 * --custom-dataset-type mooncake_trace --fixed-schedule} runs it. See docs/traces.md.
 */
@Scenario(name = "trace-replay", description = "Replays a trace or dataset file (Mooncake, BurstGPT, inputs.json, raw "
    + "payloads, conversations, Weka) on its timestamps, or under the run's load model")
public class TraceReplayScenario {
  @Workload
  public FixedSchedule replay(RunContext ctx) {
    return TraceReplay.load(ctx);
  }
}
