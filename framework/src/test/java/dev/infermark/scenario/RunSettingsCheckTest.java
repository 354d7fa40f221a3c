package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.RequestRate;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Arrival;
import dev.infermark.api.LoadModel;
import dev.infermark.api.Metric;
import dev.infermark.api.Setting;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.load.LoadModels;
import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.shard.ShardKeys;

/**
 * A run's settings that its scenario cannot honour fail at discovery, named: a workload key the workload does not
 * read, a malformed goodput, a goodput SLO without goodput bounds. And a rate swept by a {@code @Param} under a
 * {@code @RequestRate} that gives the arrival pattern only.
 */
class RunSettingsCheckTest {
  /** A module's prompt settings, honoured only by the workloads that read them. */
  static final class PromptKeys implements KeyCatalog {
    static final SettingKey<Integer> PROMPT_TOKENS = SettingKey.integer("check-prompt-tokens", 100, "test");

    @Override
    public List<SettingKey<?>> keys() {
      return List.of(PROMPT_TOKENS);
    }

    @Override
    public List<SettingKey<?>> workloadKeys() {
      return keys();
    }
  }

  public interface PromptSettings {
    int checkPromptTokens();
  }

  @Scenario(name = "check-reads-prompts")
  static class ReadsPrompts {
    @Workload
    Conversations load(PromptSettings settings) {
      return Conversations.repeat(Turn.user("x".repeat(settings.checkPromptTokens())));
    }
  }

  @Scenario(name = "check-ignores-prompts")
  static class IgnoresPrompts {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "check-goodput-slo")
  @Slo(metric = Metric.GOOD_REQUEST_FRACTION, min = 0.9)
  static class GoodputSlo {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "check-goodput-slo-with-bounds")
  @Default(key = Setting.GOODPUT, value = "time_to_first_token:200 inter_token_latency:50")
  @Slo(metric = Metric.GOODPUT, min = 1)
  static class GoodputSloWithBounds {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "check-rate-sweep")
  @RequestRate(arrival = Arrival.CONSTANT)
  static class RateSweep {
    @Param(value = {"2", "8"}, setting = Setting.REQUEST_RATE)
    double rate;

    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  private static final SettingsRegistry REGISTRY = new SettingsRegistry(List.of(new Keys(), new ShardKeys(),
      new PromptKeys()));

  private static Settings settings(Class<?> scenario, Map<String, String> user, RunParams params) {
    Properties p = new Properties();
    user.forEach((k, v) -> p.setProperty("infermark." + k, v));
    SettingsResolver resolver = new SettingsResolver(REGISTRY, k -> Optional.empty(), Set.of(), p, Map.of());
    return ScenarioRunner.settingsFor(resolver, ScenarioModel.of(scenario), params).settings();
  }

  private static Settings settings(Class<?> scenario, Map<String, String> user) {
    return settings(scenario, user, RunParams.none());
  }

  @Test
  void aWorkloadSettingFailsTheRunOfAScenarioThatDoesNotReadIt() {
    assertThat(settings(ReadsPrompts.class, Map.of("check-prompt-tokens", "7")).get(PromptKeys.PROMPT_TOKENS)).isEqualTo(7);
    assertThatThrownBy(() -> settings(IgnoresPrompts.class, Map.of("check-prompt-tokens", "7")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("infermark.check-prompt-tokens: check-ignores-prompts's workload does not read it")
        .hasMessageContaining("PromptKeys");
    // another scenario's setting that is no workload key is only named at the end of the run, as before
    assertThat(settings(IgnoresPrompts.class, Map.of("confidence-level", "0.9")).get(Keys.CONFIDENCE_LEVEL)).isEqualTo(0.9);
  }

  @Test
  void goodputIsCheckedBeforeAnyLoad() {
    assertThatThrownBy(() -> settings(IgnoresPrompts.class, Map.of("goodput", "ttft:200")))
        .hasMessageContaining("infermark.goodput").hasMessageContaining("ttft:200");
    assertThatThrownBy(() -> settings(GoodputSlo.class, Map.of()))
        .hasMessageStartingWith("@Slo on good_request_fraction").hasMessageContaining("infermark.goodput gives none");
    assertThat(settings(GoodputSlo.class, Map.of("goodput", "time_to_first_token:500")).get(Keys.GOODPUT))
        .containsExactly("time_to_first_token:500");
    assertThat(settings(GoodputSloWithBounds.class, Map.of()).get(Keys.GOODPUT))
        .containsExactly("time_to_first_token:200 inter_token_latency:50");
  }

  @Test
  void aRequestRateWithoutItsValueTakesTheRateFromTheSweep() {
    ScenarioModel m = ScenarioModel.of(RateSweep.class);
    assertThat(m.defaults()).containsEntry("arrival-pattern", "constant").doesNotContainKey("request-rate");
    List<RunParams> runs = m.runs(k -> Optional.empty());
    assertThat(runs).hasSize(2);
    LoadModel load = LoadModels.of(settings(RateSweep.class, Map.of(), runs.get(1)));
    assertThat(load).isInstanceOfSatisfying(LoadModel.Open.class, o -> {
      assertThat(o.rate()).isEqualTo(8);
      assertThat(o.arrival()).isEqualTo(Arrival.CONSTANT);
    });
    // without a sweep or --request-rate, the pattern alone is an error naming what is missing
    assertThatThrownBy(() -> LoadModels.of(settings(IgnoresPrompts.class, Map.of("arrival-pattern", "poisson"))))
        .hasMessageContaining("set infermark.request-rate too");
  }
}
