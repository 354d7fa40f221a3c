package dev.infermark.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.chat.scenarios.ChatScenario;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import tools.jackson.databind.JsonNode;

/** The chat scenario run as the engine runs it, against a loopback server that shows what each request asked. */
class ChatScenarioTest {
  @TempDir
  Path artifacts;

  private final List<String> lines = new ArrayList<>();

  private RunOutcome run(FakeOpenAi server, Map<String, String> settings) throws Exception {
    Properties p = new Properties();
    p.setProperty("infermark.url", server.url());
    p.setProperty("infermark.artifact-dir", artifacts.toString());
    p.setProperty("infermark.progress-interval", "1h");
    p.setProperty("infermark.random-seed", "3");
    p.setProperty("infermark.no-server-metrics", "true");
    settings.forEach((k, v) -> p.setProperty("infermark." + k, v));
    SettingsResolver resolver = new SettingsResolver(SettingsRegistry.load(), k -> Optional.empty(), Set.of(), p, Map.of());
    return new ScenarioRunner(resolver, Standard.clients(), Standard.recordings(), lines::add)
        .run(ScenarioModel.of(ChatScenario.class), RunParams.none(), new Cancellation());
  }

  @Test
  void eachRequestCarriesTheSharedSystemPromptAndAsksForItsExactOutputLength() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(8))) {
      RunOutcome o = run(server, Map.of("isl", "16", "osl", "8", "shared-system-prompt-length", "4", "concurrency", "2",
          "request-count", "6", "num-dataset-entries", "3"));
      assertThat(o.errorRate().passed()).isTrue();
      List<JsonNode> bodies = server.completions().stream().filter(FakeOpenAi.Request::chat)
          .map(FakeOpenAi.Request::json).filter(b -> b.path("max_completion_tokens").asInt() == 8).toList();
      assertThat(bodies).hasSize(6); // the preflight's one-token probe aside
      for (JsonNode b : bodies) {
        assertThat(b.path("messages")).hasSize(2);
        assertThat(b.path("messages").get(0).path("role").asString()).isEqualTo("system");
        assertThat(b.path("messages").get(0).path("content").asString().split(" ")).hasSize(4);
        assertThat(b.path("messages").get(1).path("content").asString().split(" ")).hasSize(16);
        assertThat(b.path("min_tokens").asInt()).isEqualTo(8);
        assertThat(b.path("ignore_eos").asBoolean()).isTrue();
      }
      // three conversations, played in turn
      assertThat(bodies.stream().map(b -> b.path("messages").get(1).path("content").asString()).distinct()).hasSize(3);
      assertThat(lines).contains("infermark: chat: 3 synthetic conversations, input 16 tokens, output exactly 8 tokens, "
          + "a shared system prompt of 4 tokens");
    }
  }

  @Test
  void arrivalsAtARequestRateStartTheConversations() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(4))) {
      RunOutcome o = run(server, Map.of("isl", "8", "request-rate", "200", "arrival-pattern", "constant",
          "request-count", "10", "benchmark-grace-period", "10s"));
      assertThat(o.errorRate().passed()).isTrue();
      assertThat(o.result().lookup("", "request_count", dev.infermark.api.Stat.VALUE)).hasValue(10.0);
    }
  }

  @Test
  void theConversationsOfADataFileArePlayedInTurnUnderTheLoadModel(@TempDir Path data) throws Exception {
    Path file = data.resolve("multi.jsonl");
    java.nio.file.Files.writeString(file, """
        {"session_id": "a", "turns": [{"text": "hello there"}, {"text": "and then?"}]}
        {"session_id": "b", "turns": [{"text": "why is the sky blue"}]}
        """);
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(4))) {
      RunOutcome o = run(server, Map.of("input-file", file.toString(), "concurrency", "1", "request-count", "6"));
      assertThat(o.errorRate().passed()).isTrue();
      List<JsonNode> bodies = server.completions().stream().filter(s -> s.path().endsWith("/chat/completions"))
          .map(s -> s.json()).filter(b -> b.path("messages").size() > 0
              && !b.path("messages").get(0).path("content").asString().isEmpty()
              && b.path("max_completion_tokens").isMissingNode()).toList();
      // a, a's second turn after the server's answer, b, then a again
      List<String> last = bodies.stream().map(b -> b.path("messages").get(b.path("messages").size() - 1)
          .path("content").asString()).toList();
      assertThat(last).containsSubsequence("hello there", "and then?", "why is the sky blue", "hello there");
      JsonNode second = bodies.stream().filter(b -> b.path("messages").size() == 3).findFirst().orElseThrow();
      assertThat(second.path("messages").get(1).path("role").asString()).isEqualTo("assistant");
      assertThat(lines).anyMatch(l -> l.startsWith("infermark: chat: 2 conversations of " + file + " (multi_turn)"));
    }
  }

  @Test
  void aSyntheticSettingOrAFixedScheduleWithADataFileIsRefusedNamingIt(@TempDir Path data) throws Exception {
    Path file = data.resolve("rows.jsonl");
    java.nio.file.Files.writeString(file, "{\"timestamp\": 0, \"input_length\": 8, \"output_length\": 2}\n");
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(4))) {
      assertThatThrownBy(() -> run(server, Map.of("input-file", file.toString(), "isl", "64", "request-count", "1")))
          .hasMessageContaining("infermark.isl: a synthetic prompt setting, and the chat scenario plays the "
              + "conversations of infermark.input-file as the file gives them");
      assertThatThrownBy(() -> run(server, Map.of("input-file", file.toString(), "fixed-schedule", "true",
          "request-count", "1"))).hasMessageContaining("infermark.fixed-schedule: the chat scenario plays "
              + "infermark.input-file under the run's load model; to replay it on its timestamps run --scenario trace-replay");
      assertThatThrownBy(() -> run(server, Map.of("public-dataset", "semianalysis_cc_traces_weka_062126",
          "request-count", "1"))).hasMessageContaining("infermark.public-dataset: the chat scenario reads no public data sets");
    }
  }
}
