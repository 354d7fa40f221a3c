package dev.infermark.bench;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;

/** The open-loop benchmark's scenario: one short chat turn per arrival ({@link OpenLoopBench} sets the rate). */
@Scenario(name = "openloop-bench", description = "One short chat turn per arrival, for the open loop's lateness benchmark")
public class OpenLoopBenchScenario {
  @Workload
  Conversations chat() {
    return Conversations.repeat(Turn.user("hi").maxTokens(Integer.getInteger("bench.tokens", 4)));
  }
}
