package dev.infermark.examples;

import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P99;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;

/**
 * The peer tools' workload (shared/data/peer-outputs/README.md): streaming chat requests against
 * {@code sse_floor serve PORT 20 200 burst}, which answers each with 200 chunks, one per 20 ms tick.
 * Not named {@code *Scenario}: only {@link PeerCompareEndToEndTest} runs it, against that server
 * (against the simulator on its own it would cost the suite a minute and check nothing).
 */
@Scenario(name = "floor-chat", description = "the peer outputs' workload against sse_floor")
@Slo(metric = TIME_TO_FIRST_TOKEN, stat = P99, max = 1000)
public class FloorChat {
  @Workload
  Conversations conversations() {
    return Conversations.repeat(Turn.user("Write about the Apache License and what it grants to contributors.")
        .maxTokens(200));
  }
}
