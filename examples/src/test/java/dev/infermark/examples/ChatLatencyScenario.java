package dev.infermark.examples;

import static dev.infermark.api.Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER;
import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P25;
import static dev.infermark.api.Stat.P50;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

@Scenario(name = "chat-latency", description = "Short chat turns at fixed concurrency")
@Concurrency(8)
@Measurement(duration = "10s")
@Slo(metric = TIME_TO_FIRST_TOKEN, stat = P50, max = 2, unit = "s")
@Slo(metric = OUTPUT_TOKEN_THROUGHPUT_PER_USER, stat = P25, min = 5)
public class ChatLatencyScenario {
  @Param({"128", "1024"})
  int inputTokens;

  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(inputTokens)).maxTokens(64));
  }
}
