package com.example.bench;

import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P95;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Warmup;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

/**
 * A user's scenario in a project of its own: it compiles against infermark-api alone (the build's
 * ExternalProjectTest compiles it so and runs it with the engine on the runtime class path only).
 */
@Scenario(name = "external-greeting", description = "A scenario from a project that sees only the API")
@Concurrency(2)
@Warmup(requests = 2)
@Measurement(requests = 6)
@Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 30, unit = "s")
public class GreetingScenario {
  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(32)).maxTokens(8));
  }
}
