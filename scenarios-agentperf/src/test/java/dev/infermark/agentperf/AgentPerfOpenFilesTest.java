package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.load.OpenFiles;
import dev.infermark.settings.Settings;

/** The open-files check counts an AgentPerf run's agents, not infermark.concurrency. */
class AgentPerfOpenFilesTest {
  private static OpenFiles.Need need(Map<String, String> settings) {
    return AgentPerf.fromTierSetting().need(Settings.of(settings));
  }

  @Test
  void theSearchCountsTheMostAgentsItMayGrowTo() {
    OpenFiles.Need n = need(Map.of("url", "http://a:8000", "concurrency", "1", "agentperf-max-agents", "3000"));
    assertThat(n.setting()).isEqualTo("infermark.agentperf-max-agents=3000");
    assertThat(n.inFlight()).isEqualTo(3000);
    assertThat(n.embedded()).isFalse();
    assertThat(need(Map.of()).inFlight()).isEqualTo(4096); // the default, beside the embedded simulator
    assertThat(need(Map.of()).embedded()).isTrue();
  }

  @Test
  void onePhaseCountsThisShardsShareOfItsAgents() {
    OpenFiles.Need n = need(Map.of("url", "http://a:8000", "agentperf-phase-agents", "10", "shard-count", "4",
        "shard-index", "3"));
    assertThat(n.setting()).isEqualTo("infermark.agentperf-phase-agents=10");
    assertThat(n.inFlight()).isEqualTo(2);
    assertThat(n.shards()).isEqualTo(4);
  }
}
