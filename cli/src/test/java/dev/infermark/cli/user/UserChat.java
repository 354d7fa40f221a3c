package dev.infermark.cli.user;

import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P95;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

/**
 * A user's own scenario: CliIT packs this package into a jar of its own and runs it with
 * {@code infermark profile --scenario-jar}. A fixed request count keeps its numbers comparable.
 */
@Scenario(name = "cli-user-chat", description = "A user's scenario, run from its own jar")
@Concurrency(2)
@Measurement(requests = 12)
@Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 60, unit = "s")
public class UserChat {
  @Param({"48"})
  int inputTokens;

  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(inputTokens)).maxTokens(8));
  }
}
