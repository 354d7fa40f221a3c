package dev.infermark.traces.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.json.Json;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.testkit.ScenarioTestKit;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.replay.scenarios.TraceReplayScenario;
import tools.jackson.databind.JsonNode;

/**
 * The trace replay on the harness's pacer, against a loopback server: each session's first request leaves at its
 * timestamp over the speedup while the server holds the earlier ones, later turns wait for their answer and their
 * delay, conversation turns carry the answers, bodies go as given, and the settings that cannot apply fail named.
 */
class TraceReplayTest {
  private static final long MS = 1_000_000L;

  @TempDir
  Path dir;

  private Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private static ScenarioTestKit.Run run(FakeOpenAi server, Path input, Map<String, String> more) {
    Map<String, String> s = new HashMap<>(Map.of("input-file", input.toString(), "model", "m",
        "benchmark-grace-period", "10s", "preflight", "false"));
    s.putAll(more);
    return ScenarioTestKit.settings(s).target(server.uri()).tokenizer(WordTokenizer.instance())
        .run(ctx -> new TraceReplayScenario().replay(ctx));
  }

  private static List<RequestRecord> profiling(ScenarioTestKit.Run run) {
    assertThat(run.failure()).isNull();
    return run.records().stream().filter(r -> r.phase() == Phase.PROFILING).sorted(Comparator.comparingLong(RequestRecord::dueNs))
        .toList();
  }

  @Test
  void eachSessionLeavesAtItsTimestampOverTheSpeedupWhileTheServerHoldsTheOthers() throws Exception {
    Path trace = file("t.jsonl", """
        {"timestamp": 1000, "input_length": 40, "output_length": 2, "hash_ids": []}
        {"timestamp": 1100, "input_length": 40, "output_length": 2}
        {"timestamp": 1100, "input_length": 40, "output_length": 2}
        {"timestamp": 1300, "input_length": 40, "output_length": 2}
        {"timestamp": 2000, "input_length": 40, "output_length": 2}
        """);
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(2).after(Duration.ofMillis(600)))) {
      List<RequestRecord> r = profiling(run(server, trace, Map.of("replay-speedup", "2", "fixed-schedule-auto-offset", "true")));
      long[] expected = {0, 50 * MS, 50 * MS, 150 * MS, 500 * MS};
      assertThat(r).hasSize(5).allSatisfy(x -> assertThat(x.ok()).isTrue());
      for (int i = 0; i < expected.length; i++) {
        assertThat(r.get(i).dueNs() - r.get(0).dueNs()).as("session %s", i).isEqualTo(expected[i]);
        assertThat(RecordMetrics.of(r.get(i)).scheduleLagNs() / 1e6).as("session %s left on time", i).isLessThan(100.0);
      }
      assertThat(server.maxInFlight()).isEqualTo(5);
    }
  }

  @Test
  void withoutAutoOffsetTheScheduleStartsAtTimestampZeroOrTheStartOffset() throws Exception {
    Path trace = file("t.jsonl", """
        {"timestamp": 300, "input_length": 10, "output_length": 1}
        {"timestamp": 200, "input_length": 10, "output_length": 1}
        {"timestamp": 900, "input_length": 10, "output_length": 1}
        """);
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1))) {
      ScenarioTestKit.Run run = run(server, trace, Map.of("fixed-schedule-start-offset", "100", "fixed-schedule-end-offset",
          "500"));
      List<RequestRecord> r = profiling(run);
      assertThat(r).hasSize(2);
      assertThat(r.get(1).dueNs() - r.get(0).dueNs()).isEqualTo(100 * MS);
      assertThat(r.get(0).tags().conversationId()).isEqualTo("row-2"); // in timestamp order
      assertThat(r.get(0).dueNs() - r.get(0).startNs()).isLessThan(0); // not before its instant
    }
  }

  @Test
  void laterTurnsWaitForTheAnswerAndTheirDelayAndConversationsCarryTheAnswers() throws Exception {
    Path conv = file("c.jsonl", """
        {"session_id": "a", "turns": [{"text": "one", "timestamp": 0}, {"text": "two", "delay": 400}]}
        """);
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(3).after(Duration.ofMillis(200)))) {
      List<RequestRecord> r = profiling(run(server, conv, Map.of()));
      assertThat(r).hasSize(2);
      assertThat(r.get(1).dueNs() - r.get(0).endNs()).as("sent its delay after the answer").isEqualTo(400 * MS);
      JsonNode second = Json.parse(server.completions().get(1).body());
      assertThat(second.path("messages").toString()).isEqualTo("[{\"role\":\"user\",\"content\":\"one\"},"
          + "{\"role\":\"assistant\",\"content\":\"xxx\"},{\"role\":\"user\",\"content\":\"two\"}]");
    }
  }

  @Test
  void aPayloadIsSentAsGivenAndATraceWithoutTimestampsPlaysUnderTheLoadModel() throws Exception {
    Path bodies = file("p.jsonl", """
        {"model": "other", "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}], "max_tokens": 5, "temperature": 0.25}
        """);
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1))) {
      List<RequestRecord> r = profiling(run(server, bodies, Map.of("request-count", "3", "concurrency", "1")));
      assertThat(r).as("the one session, played again and again").hasSize(3);
      JsonNode body = Json.parse(server.completions().getFirst().body());
      assertThat(body.path("model").asString()).isEqualTo("other");
      assertThat(body.path("max_tokens").asInt()).isEqualTo(5);
      assertThat(body.path("temperature").asDouble()).isEqualTo(0.25);
      assertThat(body.path("messages").toString()).isEqualTo("[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}]");
      assertThat(body.has("max_completion_tokens")).isFalse();
    }
  }

  @Test
  void settingsThatCannotApplyFailNamingThem() throws Exception {
    Path untimed = file("s.jsonl", "{\"text\": \"hello\"}\n");
    Path timed = file("t.jsonl", "{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 1}\n");
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1))) {
      assertThat(run(server, untimed, Map.of("fixed-schedule", "true")).failure())
          .hasMessageContaining("infermark.fixed-schedule: single_turn").hasMessageContaining("has no timestamps");
      assertThat(run(server, untimed, Map.of("replay-speedup", "3")).failure())
          .hasMessageContaining("infermark.replay-speedup shapes a fixed schedule, and this run has none");
      assertThat(run(server, timed, Map.of("request-rate", "5")).failure())
          .hasMessageContaining("infermark.request-rate cannot be used with a fixed schedule");
      assertThat(run(server, timed, Map.of("fixed-schedule", "false", "request-count", "2")).failure()).isNull();
    }
  }
}
