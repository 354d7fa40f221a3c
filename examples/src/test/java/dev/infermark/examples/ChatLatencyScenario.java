package dev.infermark.examples;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.workload.Conversations;
import dev.infermark.workload.SyntheticText;
import dev.infermark.workload.Turn;

@Scenario(name = "chat-latency", description = "Short chat turns at fixed concurrency")
@Concurrency(8)
@Measurement(duration = "10s")
@Slo(metric = "time_to_first_token", stat = "p95", max = 2, unit = "s")
@Slo(metric = "output_token_throughput_per_user", stat = "p25", min = 5)
public class ChatLatencyScenario {
  @Param({"128", "1024"})
  int inputTokens;

  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(inputTokens)).maxTokens(64));
  }
}
