package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without {@code --scenario}, a trace on the command line runs trace-replay; a conversation file does not. */
class DatasetScenarioTest {
  @TempDir
  Path dir;

  @Test
  void aTraceImpliesTheTraceReplayAndAConversationFileDoesNot() throws IOException {
    Path mooncake = Files.writeString(dir.resolve("t.jsonl"), "{\"timestamp\": 0, \"input_length\": 9, \"output_length\": 1}\n");
    Path chat = Files.writeString(dir.resolve("c.jsonl"), "{\"text\": \"hello\"}\n");
    assertThat(DatasetScenario.implied(Map.of("input-file", mooncake.toString()))).isEqualTo("trace-replay");
    assertThat(DatasetScenario.implied(Map.of("input-file", mooncake.toString(), "custom-dataset-type",
        "mooncake_trace", "fixed-schedule", "true"))).isEqualTo("trace-replay");
    assertThat(DatasetScenario.implied(Map.of("fixed-schedule", "true"))).isEqualTo("trace-replay");
    assertThat(DatasetScenario.implied(Map.of("input-file", chat.toString()))).isNull();
    assertThat(DatasetScenario.implied(Map.of("input-file", chat.toString(), "fixed-schedule", "false"))).isNull();
    assertThat(DatasetScenario.implied(Map.of("model", "m"))).isNull();
    assertThat(List.of(DatasetScenario.TRACE_REPLAY)).containsExactly("trace-replay");
  }
}
