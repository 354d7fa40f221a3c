package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.VirtualTicker;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.fixture.FakeClient;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.testkit.ScenarioTestKit;
import dev.infermark.tokenizer.WordTokenizer;
import tools.jackson.databind.JsonNode;

/** AgentPerf phases over Weka traces ({@code agentperf-trajectory-source=weka}) against the fake server. */
class WekaAgentPerfTest {
  /** Recorded (in, out) per trajectory id and turn of {@link Fixtures#WEKA_TRACE}. */
  private static final Map<String, int[][]> RECORDED = Map.of("tiny_0001", new int[][] {{100, 10}, {150, 20}, {200, 30}},
      "tiny_0001::sa:agent_001", new int[][] {{70, 5}, {90, 7}});

  @TempDir
  Path dir;

  private ScenarioTestKit context(FakeClient server, Map<String, String> extra) throws Exception {
    Map<String, String> s = new HashMap<>(Map.of("agentperf-trajectory-source", "weka",
        "input-file", Fixtures.wekaTrace(dir).toString(), "agentperf-min-trajectories", "2",
        "agentperf-min-trajectories-per-agent", "1", "agentperf-steady-duration", "40ms", "agentperf-settle-time", "5ms",
        "agentperf-output-tokens", "target", "agentperf-tool-delay-scale", "0.001", "agentperf-tiers", "100:10"));
    s.putAll(extra);
    Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
    return ScenarioTestKit.settings(s).scenario("aa-agentperf").server(server).artifactDir(artifacts).seed(7L);
  }

  @Test
  void phasesReplayWekaStreamsWithRecordedPromptsAndOutputTargets() throws Exception {
    FakeClient server = AgentSpeed.client(agents -> 410.0 / agents, 0.01, 20);
    ScenarioTestKit ctx = context(server, Map.of("agentperf-max-agents", "8"));

    // Phases on virtual time: their 40 ms windows hold the same requests however loaded the machine is.
    RunResult result = ctx.run(AgentPerf.fromTierSetting().withTokenizer(WordTokenizer.instance()).withTicker(new VirtualTicker())).resultOrThrow();

    // 410/agents tok/s against a 100 tok/s tier: capacity 4.
    assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE)).hasValue(4);
    JsonNode json = Json.parse(Files.readString(dir.resolve("artifacts").resolve(ResultsJson.FILE)));
    assertThat(json.path("trajectories").path("source").asString()).contains("Weka traces", "weka_trace", "1 sub-agent");
    assertThat(json.path("trajectories").path("count").asInt()).isEqualTo(2);
    assertThat(json.path("settings").path("agentperf-trajectory-source").asString()).isEqualTo("weka");
    for (JsonNode p : json.path("phases")) {
      assertThat(p.path("complete").asBoolean()).isTrue();
    }

    List<InferenceRequest> sent = server.requests();
    assertThat(sent).isNotEmpty();
    assertThat(sent).extracting(r -> (String) r.tags().extra().get("trajectory_id"))
        .contains("tiny_0001", "tiny_0001::sa:agent_001").allMatch(RECORDED::containsKey);
    for (InferenceRequest r : sent) {
      int[] inOut = RECORDED.get((String) r.tags().extra().get("trajectory_id"))[r.tags().turnIndex()];
      // max_tokens is the recorded out; the prompt is the recorded in plus this phase's prefix.
      assertThat(r.maxTokens()).isEqualTo(inOut[1]);
      int phase = (Integer) r.tags().extra().get("agentperf_phase");
      String prefix = PhasePrefix.of(7L, phase).text();
      ChatMessage first = r.messages().getFirst();
      assertThat(first.content().toString()).startsWith(prefix);
      StringBuilder text = new StringBuilder(first.content().toString().substring(prefix.length()));
      r.messages().stream().skip(1).forEach(m -> text.append(m.content()));
      assertThat(WordTokenizer.instance().count(text.toString())).isEqualTo(inOut[0]);
    }
  }

  @Test
  void wekaAndATrajectoryFileTogetherAreRejected() throws Exception {
    ScenarioTestKit ctx = context(AgentSpeed.client(agents -> 100, 0.01, 20),
        Map.of("agentperf-trajectory-file", Fixtures.trajectories(dir, 1, 1, 0).toString()));

    assertThatThrownBy(() -> ctx.run(AgentPerf.fromTierSetting().withTokenizer(WordTokenizer.instance())).resultOrThrow())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("agentperf-trajectory-file")
        .hasMessageContaining("infermark.input-file");
  }

  @Test
  void anUnknownSourceIsRejected() throws Exception {
    ScenarioTestKit ctx = context(AgentSpeed.client(agents -> 100, 0.01, 20), Map.of("agentperf-trajectory-source", "parquet"));

    assertThatThrownBy(() -> ctx.run(AgentPerf.fromTierSetting().withTokenizer(WordTokenizer.instance())).resultOrThrow())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("synthetic, jsonl or weka");
  }
}
