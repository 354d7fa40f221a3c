package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.TypedSettings;

class AgentPerfSettingsTest {
  private final SettingsRegistry registry = SettingsRegistry.load();

  @Test
  void everyMethodNamesAnAgentPerfSettingOfItsType() {
    assertThat(TypedSettings.problems(AgentPerfSettings.class, registry)).isEmpty();
  }

  @Test
  void phaseAndSearchConfigurationsComeFromTheSettings() {
    AgentPerfSettings o = TypedSettings.of(AgentPerfSettings.class, Settings.of(Map.of("agentperf-steady-duration", "3s",
        "agentperf-max-agents", "16", "agentperf-output-tokens", "target", "request-timeout", "20s")), registry);
    assertThat(o.phases().steadyDuration()).isEqualTo(Duration.ofSeconds(3));
    assertThat(o.phases().drainTimeout()).isEqualTo(Duration.ofSeconds(20));
    assertThat(o.phases().minTrajectories()).isEqualTo(30);
    assertThat(o.search().max()).isEqualTo(16);
    assertThat(o.targetOutputTokens()).isTrue();
    assertThat(o.accelerators()).isEmpty();
    assertThatThrownBy(() -> TypedSettings.of(AgentPerfSettings.class, Settings.of(Map.of("agentperf-output-tokens", "all")),
        registry).targetOutputTokens()).hasMessage("infermark.agentperf-output-tokens: use 'model' or 'target', not 'all'");
  }
}
