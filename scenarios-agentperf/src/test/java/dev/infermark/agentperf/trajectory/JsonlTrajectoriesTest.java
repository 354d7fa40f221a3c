package dev.infermark.agentperf.trajectory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.Fixtures;
import dev.infermark.agentperf.SpaceTokenizer;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.Json;

class JsonlTrajectoriesTest {
  @TempDir
  Path dir;

  @Test
  void readsTurnsWithFullMessagesToolsAndDelays() throws Exception {
    Path f = Fixtures.trajectories(dir, 2, 3, 850);
    JsonlTrajectories src = JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 100_000);

    assertThat(src.size()).isEqualTo(2);
    Trajectory t = src.get(1);
    assertThat(t.id()).isEqualTo("traj-1");
    assertThat(t.turns()).hasSize(3);
    Turn last = t.turns().get(2);
    assertThat(last.messages()).hasSize(6);
    assertThat(last.toolDelay()).isEqualTo(Duration.ofMillis(850));
    assertThat(last.tools()).containsExactly("bash");
    assertThat(last.targetOutputTokens()).isEqualTo(20);
    // Tool calls and results are kept as OpenAI messages.
    ChatMessage call = last.messages().get(2);
    assertThat(call.role()).isEqualTo("assistant");
    assertThat(call.content()).isNull();
    assertThat(call.toolCalls()).isEqualTo(Json.plainObjects(Json.parse(
        "[{\"id\":\"c0\",\"type\":\"function\",\"function\":{\"name\":\"bash\",\"arguments\":\"{\\\"cmd\\\":\\\"ls\\\"}\"}}]")));
    ChatMessage result = last.messages().get(3);
    assertThat(result.role()).isEqualTo("tool");
    assertThat(result.toolCallId()).isEqualTo("c0");
    assertThat(result.content().toString()).isEqualTo("file0.py");
    assertThat(last.toolDefinitions()).isNull();
    // Messages repeated on later lines are stored once.
    assertThat(last.messages().get(0)).isSameAs(t.turns().get(0).messages().get(0));
    assertThat(last.messages().get(2)).isSameAs(t.turns().get(1).messages().get(2));
    // Estimated input: content plus each call's name and arguments.
    int callTokens = SpaceTokenizer.INSTANCE.count("\nbash {\"cmd\":\"ls\"}");
    assertThat(last.inputTokens()).isEqualTo(last.messages().stream().filter(m -> m.content() != null)
        .mapToInt(m -> SpaceTokenizer.INSTANCE.count(m.content().toString())).sum() + 2 * callTokens);
  }

  @Test
  void toolDefinitionsAreCountedAndBadToolFieldsNamed() throws Exception {
    Path f = dir.resolve("defs.jsonl");
    String defs = "[{\"type\":\"function\",\"function\":{\"name\":\"bash\"}}]";
    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x y\"}],"
        + "\"tool_definitions\":" + defs + "}\n");
    Turn turn = JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000).get(0).turns().get(0);
    assertThat(turn.toolDefinitions()).isEqualTo(Json.plain(Json.parse(defs)));
    assertThat(turn.inputTokens()).isEqualTo(2 + SpaceTokenizer.INSTANCE.count(Json.parse(defs).toString()));

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],"
        + "\"tool_definitions\":{\"name\":\"bash\"}}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("line 1").hasMessageContaining("'tool_definitions' must be an array of OpenAI tool objects");

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\","
        + "\"tool_calls\":[{\"id\":\"c\"}]}]}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("line 1 messages[0]").hasMessageContaining("'tool_calls' must be an array of objects on an assistant message");

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"tool\",\"content\":\"x\","
        + "\"tool_call_id\":7}]}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("line 1 messages[0]").hasMessageContaining("'tool_call_id' must be a string");

    // An empty tool_calls list is no call, and the content stays text.
    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"assistant\",\"content\":null,"
        + "\"tool_calls\":[]}]}\n");
    ChatMessage m = JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000).get(0).turns().get(0).messages().get(0);
    assertThat(m.toolCalls()).isNull();
    assertThat(m.content()).isEqualTo("");
  }

  @Test
  void truncatesToTheContext() throws Exception {
    Path f = Fixtures.trajectories(dir, 1, 5, 0);
    JsonlTrajectories full = JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 100_000);
    int limit = full.get(0).turns().get(2).inputTokens();
    JsonlTrajectories cut = JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, limit);
    assertThat(cut.get(0).turns()).hasSize(3);
  }

  @Test
  void badInputNamesFileLineAndField() throws Exception {
    Path f = dir.resolve("bad.jsonl");
    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n"
        + "{\"trajectory_id\":\"a\",\"turn\":1,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"delay\":3}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("bad.jsonl line 2").hasMessageContaining("unknown field 'delay'");

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n"
        + "{\"trajectory_id\":\"a\",\"turn\":2,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("trajectory 'a' must have turns 0..1");

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"robot\",\"content\":\"x\"}]}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("line 1 messages[0]").hasMessageContaining("unknown role 'robot'");

    Files.writeString(f, "{not json\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000)).hasMessageContaining("line 1: not valid JSON");

    Files.writeString(f, "{\"trajectory_id\":\"a\",\"turn\":0,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],"
        + "\"simulated_tool_delay_ms_after\":\"slow\"}\n");
    assertThatThrownBy(() -> JsonlTrajectories.load(f, SpaceTokenizer.INSTANCE, 1000))
        .hasMessageContaining("'simulated_tool_delay_ms_after' must be a whole number");
  }
}
