package dev.infermark.agentperf.search;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.infermark.agentperf.AgentPerfSettings;

/** The capacity search is the framework's (LimitSearchTest); its AgentPerf settings are checked by name. */
class TierSearchSettingsTest {
  @Test
  void rejectsBadParametersNamingTheSetting() {
    assertThatThrownBy(() -> AgentPerfSettings.search(0, 2, 10, 1)).hasMessageContaining("agentperf-start-agents");
    assertThatThrownBy(() -> AgentPerfSettings.search(1, 1, 10, 1)).hasMessageContaining("agentperf-growth-factor");
    assertThatThrownBy(() -> AgentPerfSettings.search(1, 2, 10, 0)).hasMessageContaining("agentperf-search-resolution");
  }
}
