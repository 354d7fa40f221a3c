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
    // Tool calls and results are flattened to text the plain-message client can send.
    assertThat(last.messages().get(2).role()).isEqualTo("assistant");
    assertThat(last.messages().get(2).content().toString()).isEqualTo("[tool_call bash] {\"cmd\":\"ls\"}");
    assertThat(last.messages().get(3).role()).isEqualTo("user");
    assertThat(last.messages().get(3).content().toString()).isEqualTo("[tool_result c0]\nfile0.py");
    // Messages repeated on later lines are stored once.
    assertThat(last.messages().get(0)).isSameAs(t.turns().get(0).messages().get(0));
    assertThat(last.inputTokens()).isEqualTo(
        last.messages().stream().mapToInt(m -> SpaceTokenizer.INSTANCE.count(m.content().toString())).sum());
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
