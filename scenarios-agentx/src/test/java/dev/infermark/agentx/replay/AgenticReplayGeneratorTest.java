package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.run.Cancellation;
import dev.infermark.testkit.ScenarioTestKit;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;
import tools.jackson.databind.node.ObjectNode;

/** The generator on the real clock and virtual threads, against an in-process fake client (no HTTP). */
class AgenticReplayGeneratorTest {
  @TempDir
  Path dir;

  private final List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
  private final Cancellation cancellation = new Cancellation();
  private final SubmissionVerdict verdict = new SubmissionVerdict();
  private ScenarioTestKit.Run last;

  /** Trees with short recorded gaps (tens of ms) and one sub-agent branch each. */
  private static List<SessionTree> trees() {
    List<SessionTree> out = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String id = "trace_" + i;
      ReplayStream root = new ReplayStream(id, true, 0, null, null, List.of(Trees.turn(0, 0, 0),
          Trees.turn(1, 40, 30, List.of("b"), null), Trees.turn(2, 200, 20, List.of(), "b"), Trees.turn(3, 260, 40)));
      ReplayStream c = Trees.child(id + "::sa:a", id, "b", Trees.turn(0, 60, 0), Trees.turn(1, 120, 30));
      out.add(new SessionTree(id, root, List.of(c), List.of(new Branch("b", id, 1, 2, List.of(c.sessionId()), 60))));
    }
    return out;
  }

  /** The run's outcome: the kit's run, its records kept in {@link #records}. */
  private ScenarioTestKit kit(Map<String, String> settings, Function<InferenceRequest, RequestError> failWith) {
    Map<String, String> m = new HashMap<>(Map.of("concurrency", "3", "benchmark-duration", "1500ms",
        "benchmark-grace-period", "5s", "system-idle-gap-cap-seconds", "10", "cache-bust", "first_turn_prefix"));
    m.putAll(settings);
    ServerClient client = request -> {
      long start = System.nanoTime();
      RequestError error = failWith.apply(request);
      long end = System.nanoTime();
      return new RequestRecord(request.phase(), "r", request.tags(), request.dueNs(), start, 0, start,
          error == null ? new long[] {start + 1, end} : new long[0], end, 10, error == null ? request.maxTokens() : null,
          null, null, null, null, null, error == null ? 200 : error.code(), error);
    };
    return ScenarioTestKit.settings(m).scenario("inferencex-agentx-mvp").server(client).artifactDir(dir)
        .cancellation(cancellation).verdict(verdict).seed(42);
  }

  /** Runs the generator; its records go to {@link #records}; a failure is thrown. */
  private ScenarioTestKit.Run run(ScenarioTestKit kit) throws Throwable {
    ScenarioTestKit.Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> kit.run(generator()));
    last = run;
    records.addAll(run.records());
    if (run.failure() != null) {
      throw run.failure();
    }
    return run;
  }

  private ScenarioTestKit.Run lastRun() {
    return last;
  }

  private static AgenticReplayGenerator generator() {
    ObjectNode dataset = Json.object().put("source_type", "file").put("loader", "weka_trace");
    return new AgenticReplayGenerator(ctx -> new Corpus(trees(), Trees.PROMPTS, dataset, "weka_trace"));
  }

  @Test
  void replaysWithPrimersTreeTagsLatenessAndArtifactsExtras() throws Throwable {
    ScenarioTestKit.Run run = run(kit(Map.of(), r -> null));
    RunResult result = run.result();

    List<RequestRecord> warmup = records.stream().filter(r -> r.phase() == Phase.WARMUP).toList();
    List<RequestRecord> profiling = records.stream().filter(r -> r.phase() == Phase.PROFILING).toList();
    assertThat(warmup).isNotEmpty().allMatch(r -> r.outputTokens() == 1);
    assertThat(profiling).hasSizeGreaterThan(20);
    assertThat(profiling).allSatisfy(r -> {
      assertThat(r.tags().rootCorrelationId()).isNotBlank();
      assertThat(r.tags().lane()).isBetween(0, 2);
      assertThat(r.tags().extra()).containsKeys("source_trace_id", "cache_bust_marker");
    });
    Map<String, Integer> lanesPerRoot = new HashMap<>();
    profiling.forEach(r -> lanesPerRoot.merge(r.tags().rootCorrelationId() + "@" + r.tags().lane(), 1, Integer::sum));
    assertThat(lanesPerRoot.keySet().stream().map(k -> k.substring(0, k.indexOf('@'))).distinct().count())
        .as("every tree lives on exactly one lane").isEqualTo(lanesPerRoot.size());

    assertThat(result.lookup("", "dispatch_lateness", Stat.P99)).isPresent();
    assertThat(result.lookup("", "max_live_trees", Stat.VALUE)).hasValue(3.0);
    ObjectNode extras = run.context().exportExtras();
    assertThat(extras.get("branch_stats").get("children_spawned").asInt()).isPositive();
    assertThat(extras.get("metadata").get("dataset").get("loader").asString()).isEqualTo("weka_trace");
    assertThat(extras.get("metadata").get("agentic_replay").get("dispatch_lateness_ms").get("count").asLong())
        .isEqualTo(profiling.size());
    assertThat(extras.get("metadata").get("agentic_replay").get("warmup_dispatch_lateness_ms").get("count").asLong())
        .isEqualTo(warmup.size());
    assertThat(extras.get("metadata").has("metric_duration_coverage")).as("window under 900 s: gate not applied")
        .isFalse();
    assertThat(verdict.valid()).isTrue();
  }

  @Test
  void overflowRateAboveOnePercentInvalidatesTheSubmission() throws Throwable {
    AtomicInteger n = new AtomicInteger();
    RunResult result = run(kit(Map.of(), r -> r.phase() == Phase.PROFILING && n.incrementAndGet() % 10 == 0
        ? new RequestError(ErrorKind.CONTEXT_OVERFLOW, 400, "Bad Request", "maximum context length", null) : null)).result();
    assertThat(verdict.reasons()).containsExactly("context_overflow_rate_exceeded");
    assertThat(result.lookup("", "skipped_context_overflow_count", Stat.VALUE).orElseThrow()).isPositive();
    assertThat(records).noneMatch(r -> !r.ok()); // the skip path: profiling overflows are not in the run's records
  }

  @Test
  void cancelStopsTheRunAndStampsItOnce() throws Throwable {
    AtomicInteger n = new AtomicInteger();
    run(kit(Map.of("benchmark-duration", "600s"), r -> {
      if (n.incrementAndGet() == 30) {
        cancellation.cancel();
      }
      return null;
    }));
    assertThat(verdict.reasons()).containsExactly("run_cancelled");
  }

  @Test
  void rootWarmupFailureAbortsTheRun() {
    ScenarioTestKit kit = kit(Map.of("trajectory-start-min-ratio", "0.5", "trajectory-start-max-ratio", "0.5"),
        r -> r.phase() == Phase.WARMUP && r.tags().agentDepth() == 0
            ? new RequestError(ErrorKind.SERVER_ERROR, 500, "Internal Server Error", "boom", null) : null);
    assertThatThrownBy(() -> run(kit))
        .isInstanceOf(AgenticReplayGenerator.TrajectoryWarmupFailedException.class)
        .hasMessageContaining("Trajectory warmup failed for").hasMessageContaining("Run aborted to preserve metrics");
    assertThat(verdict.reasons()).containsExactly("run_cancelled");
    assertThat(records).noneMatch(r -> r.phase() == Phase.PROFILING);
    // The run is aborted (cancelled: was_cancelled, is_complete false) and its artifacts say why, as the verdict does.
    assertThat(cancellation.cancelled()).isTrue();
    ObjectNode extras = lastRun().context().exportExtras();
    assertThat(extras.get("incomplete_reason").asString()).isEqualTo("warmup_failed");
    assertThat(extras.get("metadata").get("abort_reason").asString()).startsWith("Trajectory warmup failed for ")
        .doesNotContain("context overflow");
  }

  @Test
  void aRootPrimerContextOverflowAbortsTheRunAsTheSeedSaysAndNamesTheRemedy() {
    ScenarioTestKit kit = kit(Map.of("trajectory-start-min-ratio", "0.5", "trajectory-start-max-ratio", "0.5"),
        r -> r.phase() == Phase.WARMUP && r.tags().conversationId().equals("trace_1")
            ? new RequestError(ErrorKind.CONTEXT_OVERFLOW, 400, "Bad Request", "maximum context length is 8192", null)
            : null);
    assertThatThrownBy(() -> run(kit))
        .isInstanceOf(AgenticReplayGenerator.TrajectoryWarmupFailedException.class)
        .hasMessage("Trajectory warmup failed for 1 trace(s): trace_1. Run aborted to preserve metrics integrity. The "
            + "server rejected the primer of trace_1 as a context overflow: the trace needs more context than the "
            + "server serves. Set infermark.max-context-length to the server's context length to drop such traces "
            + "before the replay.");
    assertThat(verdict.reasons()).containsExactly("run_cancelled");
    assertThat(lastRun().context().exportExtras().get("incomplete_reason").asString()).isEqualTo("warmup_failed");
    assertThat(records).noneMatch(r -> r.phase() == Phase.PROFILING);
    assertThat(records).anyMatch(r -> !r.ok() && r.error().kind() == ErrorKind.CONTEXT_OVERFLOW)
        .as("the overflowed primer is recorded");
  }

  @Test
  void aSubAgentPrimerContextOverflowDoesNotAbort() throws Throwable {
    // t* at a third of each tree: the sub-agent (60..150 ms) is live, so it gets a primer too.
    ScenarioTestKit.Run run = run(kit(Map.of("trajectory-start-min-ratio", "0.33", "trajectory-start-max-ratio", "0.33"),
        r -> r.phase() == Phase.WARMUP && r.tags().agentDepth() > 0
            ? new RequestError(ErrorKind.CONTEXT_OVERFLOW, 400, "Bad Request", "maximum context length is 8192", null)
            : null));
    assertThat(records).anyMatch(r -> r.phase() == Phase.WARMUP && r.tags().agentDepth() > 0 && !r.ok());
    assertThat(records).anyMatch(r -> r.phase() == Phase.PROFILING);
    assertThat(verdict.reasons()).doesNotContain("run_cancelled");
    assertThat(run.context().exportExtras().has("incomplete_reason")).isFalse();
    assertThat(cancellation.cancelled()).isFalse();
  }
}
