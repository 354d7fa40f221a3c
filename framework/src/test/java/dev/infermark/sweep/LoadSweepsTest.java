package dev.infermark.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.SettingsRegistry;

/** A load setting given as a list of values is one run per value: the concurrency, and the open loop's request rate. */
class LoadSweepsTest {
  @Scenario(name = "chat")
  static class Chat {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Test
  void aRequestRateListIsOneRunPerRate() {
    ScenarioModel model = ScenarioModel.of(Chat.class);
    Map<String, String> user = Map.of("request-rate", "1, 2.5,4");
    List<RunParams> runs = LoadSweeps.expand(model, List.of(new RunParams(Map.of())),
        name -> Optional.ofNullable(user.get(name)), SettingsRegistry.load());
    assertThat(runs).extracting(r -> r.values().get("request-rate")).containsExactly("1", "2.5", "4");
    assertThat(SweptSetting.of("request-rate", SettingsRegistry.load()).integral()).isFalse();
  }
}
