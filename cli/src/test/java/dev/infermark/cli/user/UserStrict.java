package dev.infermark.cli.user;

import static dev.infermark.api.Metric.OUTPUT_TOKEN_THROUGHPUT;
import static dev.infermark.api.Stat.AVG;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

/** A user's scenario whose SLO no server meets: its run exits with status 1. */
@Scenario(name = "cli-user-strict", description = "A user's scenario with an SLO no server meets")
@Concurrency(1)
@Measurement(requests = 3)
@Slo(metric = OUTPUT_TOKEN_THROUGHPUT, stat = AVG, min = 1e12)
public class UserStrict {
  @Workload
  Conversations conversations(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(16)).maxTokens(4));
  }
}
