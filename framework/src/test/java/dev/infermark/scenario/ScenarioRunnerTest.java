package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.same;
import static org.mockito.Mockito.calls;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.InOrder;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.protocol.ServerClient;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.HarnessContext;
import dev.infermark.load.OpenFiles;
import dev.infermark.run.RunOutcome;
import dev.infermark.run.RunRecording;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import tools.jackson.databind.JsonNode;

/** Errors come first; settings a run never read are named. */
class ScenarioRunnerTest {
  private static final long MS = 1_000_000L;

  @TempDir
  Path artifacts;

  private final List<String> lines = new ArrayList<>();

  /** Answers every request at once with a 10 ms TTFT. */
  private static final ServerClient OK = req -> {
    long t = System.nanoTime();
    return new RequestRecord(req.phase(), "r", req.tags(), -1, t, 1_700_000_000_000_000L, t + MS,
        new long[] {t + 10 * MS}, t + 10 * MS, 3, 1, null, null, null, null, "stop", 200, null);
  };

  /** Answers at once, with the real wall-clock time of the request. */
  private static final ServerClient NOW = req -> {
    Instant wall = Instant.now();
    long t = System.nanoTime();
    long end = System.nanoTime();
    return new RequestRecord(req.phase(), "r", req.tags(), -1, t, wall.getEpochSecond() * 1_000_000L + wall.getNano() / 1000,
        end, new long[] {end}, end, 3, 1, null, null, null, null, "stop", 200, null);
  };

  private RunOutcome run(Class<?> scenario, Map<String, String> settings) throws Exception {
    return run(scenario, settings, OK);
  }

  private RunOutcome run(Class<?> scenario, Map<String, String> settings, ServerClient client) throws Exception {
    Properties p = new Properties();
    p.setProperty("infermark.url", "127.0.0.1:9");
    p.setProperty("infermark.artifact-dir", artifacts.toString());
    p.setProperty("infermark.progress-interval", "1h");
    settings.forEach((k, v) -> p.setProperty("infermark." + k, v));
    SettingsResolver resolver = new SettingsResolver(SettingsRegistry.load(), k -> Optional.empty(), Set.of(), p, Map.of());
    return new ScenarioRunner(resolver, (s, base, progress) -> client, Standard.recordings(), lines::add)
        .run(ScenarioModel.of(scenario), RunParams.none(), new Cancellation());
  }

  private static void send(RunContext ctx, int n) {
    for (int i = 0; i < n; i++) {
      ctx.client().send(InferenceRequest.chat(RequestTags.of("c", "c" + i, 0), List.of(ChatMessage.user("hi")), 1));
    }
  }

  @Scenario(name = "missing-input")
  static class MissingInputScenario {
    @Workload
    SelfPhased load() {
      return ctx -> {
        Path f = Path.of(HarnessContext.of(ctx).settings().get(Keys.INPUT_FILE));
        if (!Files.exists(f)) {
          throw new IllegalArgumentException("infermark.input-file: " + f + " does not exist");
        }
        return RunResult.empty();
      };
    }
  }

  @Scenario(name = "fails-midway")
  static class FailsMidwayScenario {
    @Workload
    SelfPhased load() {
      return ctx -> {
        send(ctx, 3);
        throw new IllegalStateException("trace row 4: bad field");
      };
    }
  }

  @Scenario(name = "aborts-then-fails")
  static class AbortsThenFailsScenario {
    @Workload
    SelfPhased load() {
      return ctx -> {
        send(ctx, 3);
        ctx.abort("warmup_failed", "Trajectory warmup failed for 1 trace(s): t");
        throw new IllegalStateException("Trajectory warmup failed for 1 trace(s): t");
      };
    }
  }

  @Scenario(name = "needs-tokenizer")
  static class NeedsTokenizerScenario {
    @Workload
    SelfPhased load(SyntheticText text) {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "runner-chat")
  static class ChatScenario {
    @Workload
    SelfPhased load() {
      return ctx -> {
        send(ctx, 3);
        return RunResult.empty();
      };
    }
  }

  static final Instant[] WINDOW = new Instant[2];

  @Scenario(name = "windowed")
  static class WindowedScenario {
    @Workload
    SelfPhased load() {
      return ctx -> {
        ctx.phase(Phase.WARMUP, null);
        for (int i = 0; i < 3; i++) {
          ctx.client().send(InferenceRequest.chat(RequestTags.of("w", "w" + i, 0),
              List.of(ChatMessage.user("hi")), 1).withPhase(Phase.WARMUP));
        }
        WINDOW[0] = Instant.now();
        ctx.phase(Phase.PROFILING, null);
        send(ctx, 3);
        ctx.grace(null);
        WINDOW[1] = Instant.now();
        return RunResult.empty();
      };
    }
  }

  @Test
  void startAndEndTimeAreTheProfilingPhasesNotTheRuns() throws Exception {
    Instant before = Instant.now();
    run(WindowedScenario.class, Map.of(), NOW);
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("windowed/latest/profile_export_aiperf.json")));
    Instant start = Instant.parse(json.get("start_time").asString());
    Instant end = Instant.parse(json.get("end_time").asString());
    // not the run's start (setup and warmup came first) nor the time the artifacts were written
    assertThat(start).isAfterOrEqualTo(WINDOW[0]).isAfter(before);
    assertThat(end).isAfterOrEqualTo(start).isBeforeOrEqualTo(WINDOW[1]);
  }

  @Test
  void badInputBeforeAnyRequestPrintsTheErrorNotATableAndWritesNoArtifacts() {
    assertThatThrownBy(() -> run(MissingInputScenario.class, Map.of("input-file", "/no/such/file.jsonl")))
        .hasMessageContaining("does not exist");
    assertThat(lines).anyMatch(l -> l.equals("infermark: missing-input: the run failed: infermark.input-file: "
        + "/no/such/file.jsonl does not exist"));
    assertThat(lines).noneMatch(l -> l.contains("— profiling") || l.startsWith("artifacts:") || l.startsWith("error rate"));
    assertThat(artifacts.resolve("missing-input")).doesNotExist();
  }

  /** Would hold two billion requests in flight (as an AgentPerf search may hold its agents). */
  static final class Wide implements SelfPhased, OpenFiles.Planned {
    static final AtomicInteger RUNS = new AtomicInteger();

    @Override
    public OpenFiles.Need need(Settings s) {
      return OpenFiles.need(s, "infermark.wide-agents", 2_000_000_000);
    }

    @Override
    public RunResult run(RunContext ctx) {
      RUNS.incrementAndGet();
      send(ctx, 1);
      return RunResult.empty();
    }
  }

  @Scenario(name = "wide")
  static class WideScenario {
    @Workload
    SelfPhased load() {
      return new Wide();
    }
  }

  @Test
  void aGeneratorsOwnCountOfRequestsInFlightIsCheckedAgainstTheOpenFilesLimitBeforeItRuns() {
    Assumptions.assumeTrue(OpenFiles.current().isPresent(), "the platform reports no open-files limit");
    assertThatThrownBy(() -> run(WideScenario.class, Map.of())).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("infermark.wide-agents=2000000000 needs about 2000000001 open connections");
    assertThat(Wide.RUNS).hasValue(0);
    assertThat(artifacts.resolve("wide")).doesNotExist();
  }

  @Test
  void aGeneratorThatCannotShardRefusesToRunAsOneShardOfSeveral() {
    // a SelfPhased generator that is not Shardable would replay the whole load on every shard
    assertThatThrownBy(() -> run(MissingInputScenario.class, Map.of("shard-count", "2", "shard-index", "1",
        "input-file", "/no/such/file.jsonl"))).hasMessageContaining("infermark.shard-count")
        .hasMessageContaining("cannot run as a shard");
  }

  @Test
  void aMissingTokenizerIsTheFirstThingSaid() {
    assertThatThrownBy(() -> run(NeedsTokenizerScenario.class, Map.of("tokenizer", "/no/such/tokenizer.json")))
        .hasMessageContaining("cannot load tokenizer /no/such/tokenizer.json (infermark.tokenizer)");
    assertThat(lines).anyMatch(l -> l.startsWith("infermark: needs-tokenizer: the run failed: cannot load tokenizer"));
    assertThat(lines).noneMatch(l -> l.contains("— profiling"));
    assertThat(artifacts.resolve("needs-tokenizer")).doesNotExist();
  }

  @Test
  void aFailureAfterRequestsPrintsTheErrorFirstAndStampsTheArtifactsIncomplete() throws Exception {
    assertThatThrownBy(() -> run(FailsMidwayScenario.class, Map.of())).hasMessage("trace row 4: bad field");
    int error = lines.indexOf("infermark: fails-midway: the run failed: trace row 4: bad field");
    int table = lines.indexOf(lines.stream().filter(l -> l.contains("— profiling")).findFirst().orElseThrow());
    assertThat(error).isNotNegative().isLessThan(table);
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("fails-midway/latest/profile_export_aiperf.json")));
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("incomplete_reason").asString()).isEqualTo("failed");
    assertThat(json.get("metadata").get("failure").asString()).isEqualTo("trace row 4: bad field");
    assertThat(json.get("request_count").get("avg").asDouble()).isEqualTo(3);
  }

  @Test
  void aRunAbortedByItsGeneratorThenFailingKeepsTheAbortsReason() throws Exception {
    assertThatThrownBy(() -> run(AbortsThenFailsScenario.class, Map.of())).hasMessageStartingWith("Trajectory warmup");
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("aborts-then-fails/latest/profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("incomplete_reason").asString()).isEqualTo("warmup_failed");
    assertThat(json.get("metadata").get("abort_reason").asString()).isEqualTo("Trajectory warmup failed for 1 trace(s): t");
    assertThat(json.get("metadata").get("failure").asString()).isEqualTo("Trajectory warmup failed for 1 trace(s): t");
  }

  @Test
  void theResultFormatsSettingPicksTheFilesAndATypoFailsBeforeAnyLoad() throws Exception {
    run(ChatScenario.class, Map.of("result-formats", "aiperf-json"));
    Path dir = artifacts.resolve("runner-chat/latest");
    assertThat(dir.resolve("profile_export_aiperf.json")).exists();
    assertThat(dir.resolve("profile_export_aiperf.csv")).doesNotExist();
    assertThat(dir.resolve("profile_export.jsonl")).exists(); // the journal is no format: always streamed
    assertThat(lines).noneMatch(l -> l.contains("— profiling")); // no console table

    lines.clear();
    ServerClient never = mock(ServerClient.class);
    assertThatThrownBy(() -> run(ChatScenario.class, Map.of("result-formats", "console,aiperf-cvs"), never))
        .hasMessage("infermark.result-formats: unknown result format 'aiperf-cvs' (did you mean 'aiperf-csv'?); known: "
            + "console, aiperf-csv, aiperf-json");
    assertThat(lines).contains("infermark: runner-chat: infermark.result-formats: unknown result format 'aiperf-cvs' "
        + "(did you mean 'aiperf-csv'?); known: console, aiperf-csv, aiperf-json");
    verifyNoInteractions(never);
  }

  @Test
  void serverMetricsAskedForWithoutTheirModuleFailBeforeAnyLoadAndUnaskedForAreLeftOut() throws Exception {
    // this module's tests have no run observer on the class path (module server-metrics provides the one)
    ServerClient never = mock(ServerClient.class);
    assertThatThrownBy(() -> run(ChatScenario.class, Map.of("server-metrics", "node1:9090"), never))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("infermark.server-metrics: server metrics come from the module infermark-server-metrics");
    verifyNoInteractions(never);

    lines.clear();
    run(ChatScenario.class, Map.of());
    assertThat(artifacts.resolve("runner-chat/latest/profile_export_aiperf.json")).exists();
    assertThat(artifacts.resolve("runner-chat/latest/server_metrics_export.jsonl")).doesNotExist();
    assertThat(lines).noneMatch(l -> l.contains("server metrics"));
  }

  @Test
  void settingsTheRunNeverReadAreNamed() throws Exception {
    RunOutcome o = run(ChatScenario.class, Map.of("input-file", "data.jsonl", "concurrency", "1", "goodput",
        "time_to_first_token:100", "confidence-level", "0.9"));
    assertThat(lines).contains("infermark: WARNING runner-chat never read infermark.confidence-level (-D), infermark.input-file (-D): "
        + "they had no effect on this run (a setting of another scenario, or a typo of a setting this one reads?)");
    assertThat(o.result().reportEntries()).containsEntry("unread_settings", "infermark.confidence-level,infermark.input-file");
  }

  @Test
  void theTargetIsCheckedBeforeTheRecordingOpensAndTheClientClosedBeforeArtifactsAreWritten() throws Exception {
    // Mocks, because what is pinned is the order of calls across the client and the recording.
    ServerClient client = mock(ServerClient.class);
    when(client.preflight()).thenReturn(Optional.of("serves m"));
    when(client.send(any())).thenAnswer(call -> OK.send(call.getArgument(0)));
    RunRecording recording = mock(RunRecording.class);
    when(recording.measure(any())).thenAnswer(call -> call.getArgument(0));
    RunRecording.Factory recordings = mock(RunRecording.Factory.class);
    when(recordings.open(any(), any(), same(client))).thenReturn(recording);
    Properties p = new Properties();
    p.setProperty("infermark.url", "127.0.0.1:9");
    p.setProperty("infermark.artifact-dir", artifacts.toString());
    p.setProperty("infermark.progress-interval", "1h");
    SettingsResolver resolver = new SettingsResolver(SettingsRegistry.load(), k -> Optional.empty(), Set.of(), p, Map.of());
    new ScenarioRunner(resolver, (s, base, progress) -> client, recordings, lines::add)
        .run(ScenarioModel.of(ChatScenario.class), RunParams.none(), new Cancellation());

    InOrder order = inOrder(client, recordings, recording);
    order.verify(client).preflight();
    order.verify(recordings).open(any(), any(), same(client));
    order.verify(client, calls(1)).close();
    order.verify(recording).finish(any());
    verify(client, times(3)).send(any());
    verify(recording, times(3)).accept(any());
    assertThat(lines).contains("infermark: preflight: serves m");
  }

  @Test
  void aRunThatReadsEverythingGivenSaysNothing() throws Exception {
    run(ChatScenario.class, Map.of("random-seed", "4"));
    assertThat(lines).noneMatch(l -> l.contains("never read"));
  }
}
