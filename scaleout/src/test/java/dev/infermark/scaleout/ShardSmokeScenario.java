package dev.infermark.scaleout;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

/** A small closed-loop scenario the shard tests split over processes (its load comes from settings). */
@Scenario(name = "shard-smoke", description = "Two-turn chats, sharded in tests")
public class ShardSmokeScenario {
  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(64)).maxTokens(12), Turn.user(text.tokens(16)).maxTokens(8));
  }
}
