package dev.infermark.chat.scenarios;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunContext;
import dev.infermark.api.Setting;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.chat.ChatDataset;
import dev.infermark.chat.ChatSettings;

/**
 * The generic chat benchmark, as {@code aiperf profile} runs it without a data set: synthetic prompts of
 * {@code isl} ± {@code isl-stddev} tokens asking for {@code osl} ± {@code osl-stddev}, with AIPerf's shared prefix
 * pool, shared system prompt and user context, under any load model (a closed loop of {@code concurrency} users,
 * {@code request-rate} arrivals, a user-centric rate, ramps); or the conversations of {@code input-file} (AIPerf's
 * {@code single_turn}, {@code multi_turn}, ShareGPT: docs/traces.md). {@code infermark profile} without
 * {@code --scenario} runs it. The {@code smoke} preset is a few seconds of short prompts. See docs/cli.md.
 */
@Scenario(name = "chat", description = "Synthetic chat prompts (isl/osl, prefix pool, system prompt) under any load "
    + "model: what aiperf profile runs without a data set")
@Default(preset = "smoke", key = Setting.BENCHMARK_DURATION, value = "5s")
@Default(preset = "smoke", key = "isl", value = "64")
@Default(preset = "smoke", key = "osl", value = "16")
@Default(preset = "smoke", key = "num-dataset-entries", value = "16")
public class ChatScenario {
  @Workload
  Conversations chat(ChatSettings settings, SyntheticText text, RunContext ctx) {
    return ChatDataset.conversations(settings, text, ctx);
  }
}
