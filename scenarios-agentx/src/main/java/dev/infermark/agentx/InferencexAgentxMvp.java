package dev.infermark.agentx;

import dev.infermark.agentx.replay.AgenticReplayGenerator;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Locked;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.SelfPhased;

/**
 * InferenceX AgentX MVP: replays recorded Claude-Code-style agentic sessions (Weka traces, with
 * sub-agents) at {@code concurrency} live session trees, with warmup priming, recorded think times,
 * a 10 s system idle cap and per-play cache-bust markers, and stamps a submission verdict
 * (docs/agentx-mvp.md). The {@code smoke} preset runs about a minute and a half against the embedded
 * simulator on a synthetic corpus; it is stamped {@code submission_valid: false}.
 */
@Scenario(name = "inferencex-agentx-mvp",
    description = "AgentX MVP: agentic trace replay (Weka with-subagents corpus) at N live session trees")
@Locked(key = "request-rate", forbidden = true,
    reason = "the scenario uses the agentic replay scheduler (warmup, then steady state with trace recycling)")
@Locked(key = "streaming", value = "true",
    reason = "the scenario requires streaming because the per-token latency metrics (TTFT, ITL) need it")
@Locked(key = "extra-inputs.ignore_eos", value = "true",
    reason = "the server must generate the full recorded output length")
@Locked(key = "ignore-trace-delays", forbidden = true, reason = "recorded trace delays are part of the workload")
@Locked(key = "synthesis-max-isl", forbidden = true, reason = "prompts must not be truncated")
@Locked(key = "public-dataset", anyOf = {
    "semianalysis_cc_traces_weka_with_subagents", "semianalysis_cc_traces_weka_with_subagents_256k",
    "semianalysis_cc_traces_weka_with_subagents_060226", "semianalysis_cc_traces_weka_with_subagents_060226_256k",
    "semianalysis_cc_traces_weka_with_subagents_060526", "semianalysis_cc_traces_weka_with_subagents_060526_256k",
    "semianalysis_cc_traces_weka_with_subagents_060826", "semianalysis_cc_traces_weka_with_subagents_060826_256k",
    "semianalysis_cc_traces_weka_061326", "semianalysis_cc_traces_weka_061326_256k",
    "semianalysis_cc_traces_weka_061526", "semianalysis_cc_traces_weka_061526_256k",
    "semianalysis_cc_traces_weka_062126", "semianalysis_cc_traces_weka_062126_256k"},
    reason = "the dataset must be a pinned Weka with-subagents corpus")
// anyOf, not value: a required value would be injected, and the loader would then always pick HF.
@Locked(key = "hf-weka-dataset", anyOf = "semianalysisai/cc-traces-weka-062126",
    reason = "the generic HF Weka loader is only allowed on the pinned corpus")
@Locked(key = "input-file", forbidden = true,
    reason = "a local trace corpus is not a comparable submission; use public-dataset, or pass "
        + "infermark.unsafe-override=true for a run stamped invalid")
@Locked(key = "public-dataset", required = true, orKeys = {"hf-weka-dataset", "input-file"}, bypassable = false,
    reason = "Provide infermark.public-dataset (e.g. semianalysis_cc_traces_weka_062126) or infermark.hf-weka-dataset="
        + "semianalysisai/cc-traces-weka-062126")
@Locked(key = "cache-bust", value = "first_turn_prefix",
    reason = "every tree play needs a fresh prompt prefix so recycled traces do not inflate cache hits")
@Locked(key = "concurrency", single = true,
    reason = "does not support parameter sweeps; pass a single concurrency value instead of a list")
@Locked(key = "benchmark-duration", min = "900",
    reason = "requires duration >= 900s to reach steady state and trigger KV offloading")
@Locked(key = "inter-turn-delay-cap-seconds", forbidden = true,
    reason = "clamping parent and sub-agent delays independently distorts their relative timing")
@Locked(key = "system-idle-gap-cap-seconds", value = "10",
    reason = "the whole system may never sit idle for more than 10 seconds")
@Default(key = "benchmark-duration", value = "1800")
@Default(key = "trajectory-start-min-ratio", value = "0.0")
@Default(key = "trajectory-start-max-ratio", value = "1.0")
// smoke: ~1.5 minutes on the embedded simulator (60 s measured, as AIPerf's own smoke example), synthetic traces written under target/ and replayed as a local corpus.
@Default(preset = "smoke", key = "unsafe-override", value = "true")
@Default(preset = "smoke", key = "input-file", value = "target/agentx-smoke-traces")
@Default(preset = "smoke", key = "agentx-synthetic-traces", value = "48")
// The simulator serves 131 072 tokens; synthetic traces grow past that, so keep the ones that fit.
@Default(preset = "smoke", key = "max-context-length", value = "100000")
@Default(preset = "smoke", key = "concurrency", value = "8")
@Default(preset = "smoke", key = "benchmark-duration", value = "60s")
@Default(preset = "smoke", key = "benchmark-grace-period", value = "15s")
@Default(preset = "smoke", key = "random-seed", value = "42")
public class InferencexAgentxMvp {
  @Workload
  public SelfPhased workload() {
    return AgenticReplayGenerator.smoke();
  }
}
