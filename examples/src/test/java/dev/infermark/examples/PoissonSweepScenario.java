package dev.infermark.examples;

import static dev.infermark.api.Metric.EFFECTIVE_TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Metric.GOOD_REQUEST_FRACTION;
import static dev.infermark.api.Stat.P99;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.RequestRate;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Arrival;
import dev.infermark.api.Setting;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;

@Scenario(name = "poisson-sweep", description = "Poisson arrivals at three request rates, judged on goodput")
@RequestRate(arrival = Arrival.POISSON)
@Measurement(duration = "3s")
@Default(key = Setting.GOODPUT, value = "time_to_first_token:500 inter_token_latency:100")
@Slo(metric = GOOD_REQUEST_FRACTION, min = 0.9)
@Slo(metric = EFFECTIVE_TIME_TO_FIRST_TOKEN, stat = P99, max = 2, unit = "s")
public class PoissonSweepScenario {
  @Param(value = {"2", "4", "8"}, setting = Setting.REQUEST_RATE)
  double rate;

  @Workload
  Conversations chat(SyntheticText text) {
    return Conversations.repeat(Turn.user(text.tokens(256)).fixedOutputTokens(32));
  }
}
