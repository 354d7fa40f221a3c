package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.MaxConcurrency;
import dev.infermark.annotations.Ramp;
import dev.infermark.annotations.RequestRate;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.UserCentricRate;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Arrival;
import dev.infermark.api.LoadModel;
import dev.infermark.api.RampShape;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.load.LoadModels;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.Source;

/** The load model's annotations are defaults of its settings: the run's load model is what they say, until a setting says otherwise. */
class LoadAnnotationsTest {
  @Scenario(name = "poisson")
  @RequestRate(value = 10, arrival = Arrival.GAMMA, smoothness = 0.5)
  @MaxConcurrency(64)
  @Ramp(target = Ramp.Target.REQUEST_RATE, over = "30s", shape = RampShape.EXPONENTIAL, from = 1)
  @Ramp(target = Ramp.Target.CONCURRENCY, over = "20s")
  static class Open {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "users")
  @UserCentricRate(value = 2, users = 15)
  static class UserCentric {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "ramped-users")
  @Concurrency(16)
  @Ramp(target = Ramp.Target.CONCURRENCY, over = "1m", shape = RampShape.EXPONENTIAL, from = 1)
  static class RampedUsers {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  private static LoadModel model(Class<?> scenario, Map<String, String> user) {
    ScenarioModel m = ScenarioModel.of(scenario);
    Settings s = Settings.empty();
    for (var e : m.defaults().entrySet()) {
      s = s.with(e.getKey(), e.getValue(), Source.SCENARIO);
    }
    for (var e : user.entrySet()) {
      s = s.with(e.getKey(), e.getValue(), Source.SYSTEM_PROPERTY);
    }
    return LoadModels.of(s);
  }

  @Test
  void requestRateMaxConcurrencyAndRampsMakeAnOpenLoop() {
    assertThat(model(Open.class, Map.of())).isEqualTo(new LoadModel.Open(10, Arrival.GAMMA, 0.5, 64,
        new LoadModel.Ramp(RampShape.EXPONENTIAL, 1, Duration.ofSeconds(30)),
        new LoadModel.Ramp(RampShape.LINEAR, 1, Duration.ofSeconds(20))));
    // the command line wins over the annotations
    assertThat(model(Open.class, Map.of(Keys.REQUEST_RATE.name(), "25", Keys.ARRIVAL_PATTERN.name(), "constant",
        Keys.ARRIVAL_SMOOTHNESS.name(), "1"))).isInstanceOfSatisfying(LoadModel.Open.class, o -> {
          assertThat(o.rate()).isEqualTo(25);
          assertThat(o.arrival()).isEqualTo(Arrival.CONSTANT);
        });
  }

  @Test
  void userCentricRateAndAConcurrencyRamp() {
    assertThat(model(UserCentric.class, Map.of())).isEqualTo(new LoadModel.UserCentric(2, 15));
    assertThat(((LoadModel.UserCentric) model(UserCentric.class, Map.of())).turnGap()).isEqualTo(Duration.ofMillis(7500));
    assertThat(model(RampedUsers.class, Map.of())).isEqualTo(new LoadModel.Closed(16,
        new LoadModel.Ramp(RampShape.EXPONENTIAL, 1, Duration.ofMinutes(1))));
    assertThat(model(RampedUsers.class, Map.of(Keys.CONCURRENCY.name(), "4"))).isInstanceOfSatisfying(LoadModel.Closed.class,
        c -> assertThat(c.users()).isEqualTo(4));
  }
}
