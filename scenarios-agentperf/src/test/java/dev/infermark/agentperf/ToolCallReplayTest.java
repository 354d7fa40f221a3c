package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.agent.Assignment;
import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.RequestFactory;
import dev.infermark.agentperf.agent.Ticker;
import dev.infermark.agentperf.phase.PhaseConfig;
import dev.infermark.agentperf.phase.PhaseRun;
import dev.infermark.agentperf.power.NoPower;
import dev.infermark.agentperf.trajectory.JsonlTrajectories;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.client.OpenAiClient;
import dev.infermark.fixture.FakeClient;
import dev.infermark.json.Json;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import dev.infermark.testkit.ScenarioTestKit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A JSONL trajectory with OpenAI tool calls replays them as recorded, on the wire and against the simulator. */
@Timeout(120)
class ToolCallReplayTest {
  static final String TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"bash\",\"description\":\"run a command\","
      + "\"parameters\":{\"type\":\"object\",\"properties\":{\"cmd\":{\"type\":\"string\"}},\"required\":[\"cmd\"]}}}]";
  static final String SYSTEM = "{\"role\":\"system\",\"content\":\"You are a coding agent\"}";
  static final String USER = "{\"role\":\"user\",\"content\":\"Fix the failing test\"}";
  static final String CALL = "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c0\",\"type\":\"function\","
      + "\"function\":{\"name\":\"bash\",\"arguments\":\"{\\\"cmd\\\":\\\"pytest -x\\\"}\"}}]}";
  static final String RESULT = "{\"role\":\"tool\",\"content\":\"1 failed\",\"tool_call_id\":\"c0\",\"name\":\"bash\"}";
  static final String ANSWER = "{\"role\":\"assistant\",\"content\":\"Fixed.\"}";
  static final String FOLLOW = "{\"role\":\"user\",\"content\":\"Thanks\"}";
  /** The messages of turns 0, 1 and 2, each line the whole conversation so far. */
  static final List<String> TURNS = List.of(SYSTEM + "," + USER, SYSTEM + "," + USER + "," + CALL + "," + RESULT,
      SYSTEM + "," + USER + "," + CALL + "," + RESULT + "," + ANSWER + "," + FOLLOW);

  @TempDir
  Path dir;

  private Path file() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int k = 0; k < TURNS.size(); k++) {
      lines.add("{\"trajectory_id\":\"tc\",\"turn\":" + k + ",\"messages\":[" + TURNS.get(k) + "],\"tools\":[\"bash\"],"
          + "\"tool_definitions\":" + TOOLS + ",\"target_output_tokens\":8}");
    }
    return Files.write(dir.resolve("tool-calls.jsonl"), lines);
  }

  private static PhaseRun phase(JsonlTrajectories src, dev.infermark.protocol.ServerClient client,
      ConcurrentLinkedQueue<RequestRecord> sink) {
    PhaseConfig config = new PhaseConfig(1, 1, Duration.ofMillis(10), Duration.ofMillis(5), Duration.ofSeconds(30),
        Duration.ofSeconds(30), Duration.ofMillis(5), 0);
    return new PhaseRun(config, Ticker.system(), ScenarioTestKit.recording(client, sink::add), src,
        new Assignment(1, src.size(), 0), new RequestFactory(8, true, 0), () -> false, new NoPower(), null);
  }

  /** The messages a turn should send: as recorded, with the phase prefix in front of the system prompt. */
  private static JsonNode expected(int turn, PhasePrefix prefix) {
    ArrayNode m = (ArrayNode) Json.parse("[" + TURNS.get(turn) + "]");
    ((ObjectNode) m.get(0)).put("content", prefix.text() + "You are a coding agent");
    return m;
  }

  @Test
  void toolCallsToolResultsAndDefinitionsReachTheRequestBodiesAsRecorded() throws Exception {
    JsonlTrajectories src = JsonlTrajectories.load(file(), SpaceTokenizer.INSTANCE, 100_000);
    FakeClient server = AgentSpeed.client(n -> 200, 0.001, 8);
    PhasePrefix prefix = PhasePrefix.of(3, 1);
    phase(src, server, new ConcurrentLinkedQueue<>()).run(1, 1, prefix);

    List<InferenceRequest> sent = server.requests();
    assertThat(sent.size()).isGreaterThanOrEqualTo(3);
    try (OpenAiClient client = OpenAiClient.create(Settings.of(Map.of("model", "m")), java.net.URI.create("http://127.0.0.1:9"),
        new Progress())) {
      // One agent, start offset 0: the first three requests are turns 0, 1, 2 in order.
      for (int k = 0; k < 3; k++) {
        String raw = new String(client.body(sent.get(k)), StandardCharsets.UTF_8);
        JsonNode body = Json.parse(raw);
        assertThat(body.get("messages")).as(raw).isEqualTo(expected(k, prefix));
        assertThat(body.get("tools")).as(raw).isEqualTo(Json.parse(TOOLS));
      }
      // Exactly OpenAI's form on the wire: null content next to the calls, the result's id and name.
      String turn1 = new String(client.body(sent.get(1)), StandardCharsets.UTF_8);
      assertThat(turn1).contains(CALL + "," + RESULT + "]");
    }
    // The definitions are stored once for the whole trajectory, not per line.
    assertThat(src.get(0).turns().get(2).toolDefinitions()).isSameAs(src.get(0).turns().get(0).toolDefinitions());
  }

  @Test
  void theSimulatorAcceptsToolCallingRequests() throws Exception {
    JsonlTrajectories src = JsonlTrajectories.load(file(), SpaceTokenizer.INSTANCE, 100_000);
    ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().profile(SimulatorAcceptanceTest.PROFILE).seed(1).build());
        OpenAiClient client = OpenAiClient.create(Settings.of(Map.of("model", "sim", "extra-inputs", "ignore_eos:true",
            "request-timeout", "30s")), sim.baseUri(), new Progress())) {
      client.bodyListener((r, id, b) -> bodies.add(new String(b, StandardCharsets.UTF_8)));
      phase(src, client, records).run(1, 1, PhasePrefix.of(3, 1));
    }
    // Requests cut off when the phase stopped its agent are recorded too, as such.
    List<RequestRecord> answered = records.stream().filter(r -> r.ok() || !r.error().isCutOff()).toList();
    assertThat(answered).hasSizeGreaterThanOrEqualTo(3).allMatch(RequestRecord::ok);
    assertThat(answered).allMatch(r -> r.outputTokens() != null && r.outputTokens() == 8);
    assertThat(bodies).anyMatch(b -> b.contains("\"tool_calls\":[") && b.contains("\"tool_call_id\":\"c0\"")
        && b.contains("\"tools\":[{\"type\":\"function\""));
  }
}
