package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.accuracy.data.BuiltinData;
import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.agentperf.AgentPerf;
import dev.infermark.agentx.replay.AgenticReplayGenerator;
import dev.infermark.agentx.replay.SmokeCorpus;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.fixture.FakeOpenAi.Fault;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.run.Cancellation;
import dev.infermark.testkit.ScenarioTestKit;
import tools.jackson.databind.JsonNode;

/**
 * Issue 11 §2: every request the server received has exactly one record in
 * {@code profile_export.jsonl} once the run's artifacts are written, for every load generator,
 * when a grace period cuts requests off and when the run is cancelled in the middle. The server
 * hangs chosen requests (headers and a first chunk, then nothing); the harness runs each generator
 * as the runner does ({@link ScenarioTestKit}): its client records, a cancel aborts what is in
 * flight, the recording is finished before the artifacts.
 */
class NoRequestVanishesTest {
  private static final String CUT_OFF_AT_RUN_END = "cut off at the end of the run: still in flight when "
      + "benchmark-grace-period (1.0 s) ran out";
  private static final String CANCELLED = "the run was cancelled while the request was in flight";
  /** What the server streams: the grader's letter first, so that a hung request has content. */
  private static final Answer ANSWER = Answer.text("The answer is (A)", " done").usage(50, 6);
  private static final String NOT_YET_DUE = "cancelled before its due instant";

  @TempDir
  Path dir;

  /** What a run left: its export lines and its profile_export_aiperf.json. */
  private record Run(List<JsonNode> lines, JsonNode aiperf, Throwable failure) {
    List<JsonNode> withErrorType(String type) {
      return lines.stream().filter(l -> l.get("error").isObject() && type.equals(l.get("error").get("type").asString()))
          .toList();
    }

    Set<String> ids() {
      return lines.stream().map(l -> l.get("metadata").get("x_request_id").asString()).collect(Collectors.toSet());
    }
  }

  /** A two-piece answer, except that the {@code every}-th request matching {@code which} stalls after its first piece, at most {@code max} of them. */
  private static FakeOpenAi.Script hangEvery(int every, int max, Predicate<JsonNode> which) {
    AtomicInteger seen = new AtomicInteger();
    AtomicInteger hung = new AtomicInteger();
    return r -> which.test(r.json()) && seen.incrementAndGet() % every == 0 && hung.incrementAndGet() <= max
        ? ANSWER.fault(Fault.STALL, 1) : ANSWER;
  }

  /** The X-Request-IDs of the completion requests the server received. */
  private static Set<String> ids(FakeOpenAi server) {
    return server.completions().stream().map(r -> r.header("X-Request-ID")).collect(Collectors.toSet());
  }

  /** The X-Request-IDs of those it let stall. */
  private static Set<String> hung(FakeOpenAi server) {
    return server.completions().stream().filter(r -> server.answerTo(r).orElseThrow().fault() == Fault.STALL)
        .map(r -> r.header("X-Request-ID")).collect(Collectors.toSet());
  }

  private static boolean profilingTurn(JsonNode body) {
    JsonNode cap = body.has("max_completion_tokens") ? body.get("max_completion_tokens") : body.get("max_tokens");
    return cap == null || cap.asInt() > 1; // AgentX warmup requests ask for one token
  }

  /** Runs {@code generator} as the runner does, cancelling the run once {@code cancelAt} requests arrived (0: never). */
  private Run run(FakeOpenAi server, String scenario, Map<String, String> settings, LoadGenerator generator,
      int cancelAt) throws Exception {
    Map<String, String> all = new HashMap<>(Map.of("model", "test-model", "use-server-token-count", "true",
        "url", server.uri().toString()));
    all.putAll(settings);
    Path out = Files.createDirectories(dir.resolve(scenario));
    Cancellation cancellation = new Cancellation();
    if (cancelAt > 0) {
      server.onArrival(n -> {
        if (n == cancelAt) {
          Thread.ofVirtual().start(cancellation::cancel);
        }
      });
    }
    ScenarioTestKit.Run run = ScenarioTestKit.settings(all).scenario(scenario).target(server.uri()).artifacts(out)
        .cancellation(cancellation).verdict(new SubmissionVerdict()).seed(42).run(generator);
    Throwable failure = run.failure();
    List<JsonNode> lines = Files.readAllLines(out.resolve(RunRecorder.JSONL)).stream().map(Json::parse).toList();
    return new Run(lines, Json.parse(Files.readString(out.resolve(RunRecorder.JSON))), failure);
  }

  /** Exactly one record per request the server received; a record the server never saw is one aborted on its way. */
  private static void everyRequestHasExactlyOneRecord(Run run, FakeOpenAi server) {
    assertThat(run.lines).extracting(l -> l.get("metadata").get("x_request_id").asString())
        .as("one record per request").doesNotHaveDuplicates().doesNotContainNull();
    assertThat(run.ids()).containsAll(ids(server));
    run.lines.stream().filter(l -> !ids(server).contains(l.get("metadata").get("x_request_id").asString()))
        .forEach(l -> assertThat(l.get("error").get("kind").asString()).as("never reached the server").isEqualTo("cancelled"));
  }

  /**
   * The hung requests are among those recorded with {@code type} and {@code message}; with
   * {@code timed}, each keeps the times measured before the abort (its ack and first chunk: a
   * grace period waits long enough for them to be read, a cancel may come before).
   */
  private static void hungRequestsRecordedAs(Run run, FakeOpenAi server, String type, String message, boolean timed) {
    List<JsonNode> aborted = run.withErrorType(type);
    assertThat(aborted).extracting(l -> l.get("metadata").get("x_request_id").asString()).as("%s", run.lines.stream()
        .filter(l -> hung(server).contains(l.get("metadata").get("x_request_id").asString())).toList())
        .containsAll(hung(server));
    assertThat(aborted).allSatisfy(l -> {
      String m = l.get("error").get("message").asString();
      boolean neverSent = !ids(server).contains(l.get("metadata").get("x_request_id").asString());
      // handed over ahead of its due instant and cancelled while it waited: it never left, and says so
      assertThat(m).isEqualTo(neverSent && m.equals(NOT_YET_DUE) ? NOT_YET_DUE : message);
      assertThat(l.get("error").get("kind").asString()).isEqualTo("cancelled");
      assertThat(l.get("metadata").get("was_cancelled").asBoolean()).isTrue();
    });
    aborted.stream().filter(l -> timed && hung(server).contains(l.get("metadata").get("x_request_id").asString()))
        .forEach(l -> {
          assertThat(l.get("metadata").has("request_ack_ns")).as("partial timings: ack in %s", l).isTrue();
          assertThat(l.get("metrics").has("time_to_first_token")).as("partial timings: first chunk in %s", l).isTrue();
        });
  }

  private static Map<String, String> agentx(Path traces) {
    return Map.of("input-file", traces.toString(), "agentx-synthetic-traces", "8", "concurrency", "4",
        "max-context-length", "100000", "cache-bust", "first_turn_prefix", "system-idle-gap-cap-seconds", "0.2",
        "trace-idle-gap-cap-seconds", "0.2", "benchmark-grace-period", "1s", "burst-phase-starts", "true");
  }

  @Test
  void agentxRecordsTheRequestsTheGracePeriodCutsOff() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(5, 4, NoRequestVanishesTest::profilingTurn))) {
      Map<String, String> s = new HashMap<>(agentx(dir.resolve("traces")));
      s.put("benchmark-duration", "4s");
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(120),
          () -> run(server, "agentx-grace", s, new AgenticReplayGenerator(SmokeCorpus::load), 0));

      assertThat(run.failure).as("%s", run.lines).isNull();
      assertThat(hung(server)).as("%d requests received", ids(server).size()).hasSize(4);
      everyRequestHasExactlyOneRecord(run, server);
      assertThat(run.ids()).isEqualTo(ids(server));
      hungRequestsRecordedAs(run, server, "CutOff", CUT_OFF_AT_RUN_END, true);
      assertThat(run.withErrorType("CutOff")).hasSize(4);
      JsonNode md = run.aiperf.get("metadata").get("agentic_replay");
      assertThat(md.get("requests_cut_off").asLong()).isEqualTo(4);
      assertThat(md.get("records_not_returned").asLong()).isZero();
      assertThat(run.aiperf.get("error_request_count").get("avg").asLong()).as("cut-off requests count as errors")
          .isEqualTo(4);
      assertThat(run.aiperf.get("was_cancelled").asBoolean()).isFalse();
      assertThat(run.aiperf.get("error_summary").toString()).contains(CUT_OFF_AT_RUN_END);
    }
  }

  @Test
  void agentxCancelledMidRunRecordsWhatWasInFlight() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(4, 2, NoRequestVanishesTest::profilingTurn))) {
      Map<String, String> s = new HashMap<>(agentx(dir.resolve("traces")));
      s.put("benchmark-duration", "600s");
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(120),
          () -> run(server, "agentx-cancel", s, new AgenticReplayGenerator(SmokeCorpus::load), 24));

      assertThat(run.failure).isNull();
      everyRequestHasExactlyOneRecord(run, server);
      hungRequestsRecordedAs(run, server, "Cancelled", CANCELLED, false);
      assertThat(run.aiperf.get("was_cancelled").asBoolean()).isTrue();
      assertThat(run.aiperf.get("metadata").get("submission_invalid_reasons").toString()).contains("run_cancelled");
    }
  }

  @Test
  void conversationsRecordTheRequestsTheGracePeriodCutsOff() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(7, 3, b -> true))) {
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(server, "conversations-grace",
          Map.of("concurrency", "4", "benchmark-duration", "2s", "benchmark-grace-period", "1s"),
          Conversations.repeat(Turn.user("hello there").maxTokens(8), Turn.user("and again").maxTokens(8)), 0));

      assertThat(run.failure).isNull();
      assertThat(hung(server)).hasSize(3);
      everyRequestHasExactlyOneRecord(run, server);
      assertThat(run.ids()).isEqualTo(ids(server));
      hungRequestsRecordedAs(run, server, "CutOff", CUT_OFF_AT_RUN_END, true);
    }
  }

  @Test
  void conversationsCancelledMidRunRecordWhatWasInFlight() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(5, 2, b -> true))) {
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(server, "conversations-cancel",
          Map.of("concurrency", "4", "benchmark-duration", "600s"),
          Conversations.repeat(Turn.user("hello there").maxTokens(8)), 40));

      everyRequestHasExactlyOneRecord(run, server);
      hungRequestsRecordedAs(run, server, "Cancelled", CANCELLED, false);
    }
  }

  private static Map<String, String> agentPerf(String startAgents, String maxAgents, String phaseTimeout) {
    return Map.ofEntries(Map.entry("agentperf-synthetic-trajectories", "64"),
        Map.entry("agentperf-synthetic-turns-median", "3"), Map.entry("agentperf-synthetic-turns-max", "4"),
        Map.entry("agentperf-max-context", "8192"), Map.entry("agentperf-max-start-offset", "1"),
        Map.entry("agentperf-tool-delay-scale", "0.05"), Map.entry("agentperf-min-trajectories", "4"),
        Map.entry("agentperf-min-trajectories-per-agent", "1"), Map.entry("agentperf-steady-duration", "3s"),
        Map.entry("agentperf-settle-time", "1s"), Map.entry("agentperf-phase-timeout", phaseTimeout),
        Map.entry("agentperf-max-agents", maxAgents), Map.entry("agentperf-tiers", "20:10"),
        Map.entry("agentperf-start-agents", startAgents));
  }

  @Test
  void agentPerfRecordsTheRequestsAPhaseCutsOff() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(4, 1, b -> true))) {
      // One agent, hung on its 4th request: the phase times out, stops its agent and cuts the request off.
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> run(server, "agentperf-cut", agentPerf("1", "1", "2s"), AgentPerf.fromTierSetting(), 0));

      assertThat(hung(server)).hasSize(1);
      everyRequestHasExactlyOneRecord(run, server);
      assertThat(run.ids()).isEqualTo(ids(server));
      hungRequestsRecordedAs(run, server, "CutOff", "cut off at the end of agentperf phase 1: sent after the "
          + "steady-state window, still in flight when the phase stopped its agents", true);
    }
  }

  @Test
  void agentPerfCancelledMidPhaseRecordsWhatWasInFlight() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(6, 2, b -> true))) {
      Map<String, String> s = agentPerf("4", "16", "30s");
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(120),
          () -> run(server, "agentperf-cancel", s, AgentPerf.fromTierSetting(), 20));

      everyRequestHasExactlyOneRecord(run, server);
      hungRequestsRecordedAs(run, server, "Cancelled", CANCELLED, false);
    }
  }

  @Test
  void accuracyCancelledMidRunRecordsWhatWasInFlight() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(hangEvery(5, 2, b -> true))) {
      Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(server, "mmlu-cancel",
          Map.of("accuracy-data-dir", BuiltinData.SMOKE, "concurrency", "4", "request-count", "400"),
          AccuracyEval.of("mmlu"), 20));

      everyRequestHasExactlyOneRecord(run, server);
      hungRequestsRecordedAs(run, server, "Cancelled", CANCELLED, false);
    }
  }
}
