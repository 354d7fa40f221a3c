package dev.infermark.scaleout.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.results.AgentPerfReport;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.sweep.LimitSearch;
import dev.infermark.agentperf.search.TierSearches;
import dev.infermark.agentperf.shard.PhaseShardFile;
import dev.infermark.agentperf.shard.ShardedSearch;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import dev.infermark.result.RunInfo;
import dev.infermark.result.ResultFormats;
import dev.infermark.settings.Settings;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import tools.jackson.databind.JsonNode;

/**
 * The AgentPerf controller against fabric8's mock API server (CRUD mode). The test plays the cluster:
 * for each Indexed Job the controller submits, it writes what the phase's shards would have written on
 * the claim (each shard's agents' window records, at a speed the scripted server gives that agent
 * count) and marks the Job complete. The controller must submit one Job per phase, with the agent
 * counts the local search chooses for the same phase results, in the same order, and write the
 * results a local run writes.
 */
@EnableKubernetesMockClient(crud = true)
class AgentPerfOnK8sTest {
  static KubernetesClient client;
  /** The controller's own thread: the common pool (one thread on a two-core machine) stays the client's. */
  private static final java.util.concurrent.Executor CONTROLLER = r -> Thread.ofPlatform().daemon().start(r);

  @TempDir
  Path dir;

  private static final long BASE_MICROS = 1_760_000_000_000_000L;
  private static final int REQUESTS_PER_AGENT = 4;

  /** The scripted server: every request's output speed at {@code agents} agents (tok/s); TTFT 100 ms. */
  static double speed(int agents) {
    return 810.0 / agents;
  }

  private static ShardedJob run(Map<String, String> extra) {
    return run("ap", extra);
  }

  private static ShardedJob run(String name, Map<String, String> extra) {
    Map<String, String> s = new LinkedHashMap<>(Map.of("url", "http://vllm.bench:8000", "model", "m",
        "agentperf-tiers", "50:2,130:2", "agentperf-max-agents", "24", "agentperf-settle-time", "1s"));
    s.putAll(extra);
    return new ShardedJob(name, "bench", "img", "dev.infermark.agentperf.scenarios.AaAgentPerf", 4, s, "pvc", "ap-run",
        Instant.EPOCH, null);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void runsEachPhaseAsAnIndexedJobAndDecidesAsTheLocalSearch() throws Exception {
    Path claim = Files.createDirectories(dir.resolve("claim"));
    List<String> out = new CopyOnWriteArrayList<>();
    AgentPerfOnK8s controller = new AgentPerfOnK8s(client, run(Map.of()), Duration.ZERO, Duration.ofSeconds(60), claim,
        dir.resolve("logs"), out::add);
    CompletableFuture<ShardedSearch.Outcome> search = CompletableFuture.supplyAsync(() -> {
      try {
        return controller.search(dir.resolve("results"), () -> false);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }, CONTROLLER);

    // Play the cluster: each phase's Job, its shards' outputs, its completion.
    List<Integer> submitted = new ArrayList<>();
    for (int index = 1; !search.isDone(); index++) {
      Job job = awaitJob("ap-p" + index, search);
      if (job == null) {
        break;
      }
      Map<String, String> env = env(job);
      int agents = Integer.parseInt(env.get("INFERMARK_AGENTPERF_PHASE_AGENTS"));
      int shards = job.getSpec().getCompletions();
      assertThat(env).containsEntry("INFERMARK_AGENTPERF_PHASE_INDEX", Integer.toString(index))
          .containsEntry("INFERMARK_SHARD_COUNT", Integer.toString(shards)).containsEntry("INFERMARK_RUN_ID", "ap-run-p" + index);
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(job.getSpec().getParallelism()).isEqualTo(shards).isEqualTo(Math.min(4, agents));
      assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getVolumeMounts().get(0).getSubPathExpr())
          .isEqualTo("ap-p" + index + "/shard-$(INFERMARK_SHARD_INDEX)");
      // start-at: two settle times after the (zero) start delay
      assertThat(Instant.parse(env.get("INFERMARK_START_AT"))).isAfter(Instant.now().plusMillis(500));
      submitted.add(agents);
      for (int i = 0; i < shards; i++) {
        writeShard(claim.resolve("ap-p" + index).resolve("shard-" + i), index, agents, i, shards);
      }
      job.setStatus(new JobStatusBuilder().withSucceeded(shards).withActive(0).withFailed(0).build());
      client.batch().v1().jobs().inNamespace("bench").resource(job).updateStatus();
    }
    ShardedSearch.Outcome outcome = search.get(60, TimeUnit.SECONDS);

    // The local search, fed the same phases (the same records, in memory), decides the same.
    List<Integer> local = new ArrayList<>();
    TierSearches searches = new TierSearches(AgentPerfOnK8s.tiers(run(Map.of()), AgentPerfOnK8s.resolved(run(Map.of()))), LimitSearch.wholeNumbers(1, 2, 24, 1), 0.01, true,
        (index, agents) -> {
          local.add(agents);
          List<RequestRecord> window = new ArrayList<>();
          for (int a = 0; a < agents; a++) {
            window.addAll(records(index, agents, a));
          }
          return new PhaseResult(index, agents, "p\n", new GateStatus(30, 3, 10_000_000_000L, true, true, true), true, 10, 0, 0,
              PhaseStats.of(window), null, null, 12);
        }, () -> false).run();
    assertThat(submitted).as(String.join("\n", out)).isEqualTo(local);
    // 50 tok/s holds to 16 agents, 130 tok/s to 6: ramp 1..16, 32 capped at 24 fails, then bisection; tier 2 reuses
    assertThat(submitted).containsExactly(1, 2, 4, 8, 16, 24, 20, 18, 17, 6, 7);
    AgentPerfReport report = outcome.report();
    assertThat(report.tiers()).extracting(t -> t.capacity()).containsExactly(16, 6);
    assertThat(report.tiers()).extracting(t -> t.outcome().steps())
        .isEqualTo(searches.results().stream().map(t -> t.outcome().steps()).toList());
    assertThat(report.finished()).isTrue();

    // The results file is a local run's: same tiers, same phase metrics.
    JsonNode json = Json.MAPPER.readTree(outcome.resultsFile().toFile());
    assertThat(outcome.resultsFile().getFileName().toString()).isEqualTo(ResultsJson.FILE);
    JsonNode localJson = Json.MAPPER.valueToTree(ResultsJson.of(new AgentPerfReport("aa-agentperf", "m", 7, "synthetic", 500, Map.of(), null,
        "none", 0, null, searches.phases(), searches.verdicts(), searches.results(), true)));
    assertThat(json.get("tiers")).isEqualTo(localJson.get("tiers"));
    for (int i = 0; i < local.size(); i++) {
      for (String f : List.of("agents", "p25_output_speed", "p95_ttft_s", "p25_e2e_speed", "window_requests", "pass")) {
        assertThat(json.get("phases").get(i).get(f)).as("phase %d %s", i + 1, f).isEqualTo(localJson.get("phases").get(i).get(f));
      }
    }
    assertThat(json.get("scenario").asString()).isEqualTo("aa-agentperf");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aFailedShardStopsTheSearchAfterWritingWhatFinished() throws Exception {
    Path claim = Files.createDirectories(dir.resolve("claim"));
    AgentPerfOnK8s controller = new AgentPerfOnK8s(client, run("apf", Map.of()), Duration.ZERO,
        Duration.ofSeconds(60), claim, dir.resolve("logs"), l -> { });
    CompletableFuture<ShardedSearch.Outcome> search = CompletableFuture.supplyAsync(() -> {
      try {
        return controller.search(dir.resolve("results"), () -> false);
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }, CONTROLLER);
    Job first = awaitJob("apf-p1", search);
    writeShard(claim.resolve("apf-p1").resolve("shard-0"), 1, 1, 0, 1);
    first.setStatus(new JobStatusBuilder().withSucceeded(1).build());
    client.batch().v1().jobs().inNamespace("bench").resource(first).updateStatus();
    Job second = awaitJob("apf-p2", search);
    second.setStatus(new JobStatusBuilder().withSucceeded(1).withFailed(1).withFailedIndexes("1").build());
    client.batch().v1().jobs().inNamespace("bench").resource(second).updateStatus();
    assertThatThrownBy(() -> search.get(60, TimeUnit.SECONDS)).hasMessageContaining("phase 2")
        .hasMessageContaining("indexes 1");
    JsonNode json = Json.MAPPER.readTree(dir.resolve("results").resolve(ResultsJson.FILE).toFile());
    assertThat(json.get("finished").asBoolean()).isFalse();
    assertThat(json.get("phases")).hasSize(1);
  }

  @Test
  void thePhaseSettingsAreTheControllers() {
    assertThatThrownBy(() -> new AgentPerfOnK8s(client, run(Map.of("agentperf-phase-agents", "4")), Duration.ZERO,
        Duration.ofSeconds(1), dir, dir, l -> { })).hasMessageContaining("infermark.agentperf-phase-agents");
  }

  /** The Job once the controller created it, or null when the search ended first. */
  private static Job awaitJob(String name, CompletableFuture<?> search) {
    while (!search.isDone()) {
      try {
        return client.batch().v1().jobs().inNamespace("bench").withName(name).waitUntilCondition(j -> j != null, 1,
            TimeUnit.SECONDS);
      } catch (KubernetesClientTimeoutException e) {
        // not yet: look again unless the search ended
      }
    }
    return null;
  }

  private static Map<String, String> env(Job job) {
    Map<String, String> m = new LinkedHashMap<>();
    for (EnvVar e : job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()) {
      m.put(e.getName(), e.getValue());
    }
    return m;
  }

  /** Agent {@code agent}'s window records in phase {@code index} at {@code agents} agents. */
  static List<RequestRecord> records(int index, int agents, int agent) {
    List<RequestRecord> out = new ArrayList<>();
    double s = speed(agents);
    for (int k = 0; k < REQUESTS_PER_AGENT; k++) {
      long startMicros = BASE_MICROS + index * 100_000_000L + agent * 1000L + k * 2_000_000L;
      long start = startMicros * 1000;
      int osl = 21 + k;
      long first = start + 100_000_000L;
      long end = first + Math.round((osl - 1) / s * 1e9);
      long[] chunks = new long[osl];
      for (int c = 0; c < osl; c++) {
        chunks[c] = first + (end - first) * c / (osl - 1);
      }
      String corr = "p" + index + "-a" + agent + "-k0";
      RequestTags tags = new RequestTags(corr, corr, k, corr, null, agent, 0, Map.of("agentperf_phase", index,
          "agentperf_agents", agents, "agent", agent, "trajectory_id", "t" + agent));
      out.add(new RequestRecord(Phase.PROFILING, "r-" + index + "-" + agent + "-" + k, tags, -1, start, startMicros,
          start + 1_000_000, chunks, end, 1000, osl, null, null, null, null, "stop", 200, null));
    }
    return out;
  }

  /** What shard {@code shard} of {@code shards} writes for phase {@code index}: its agents' records and its phase file. */
  static void writeShard(Path folder, int index, int agents, int shard, int shards) throws IOException {
    Files.createDirectories(folder);
    try (RunRecorder r = new RunRecorder(folder, Settings.of(Map.of()))) {
      for (int a = shard; a < agents; a += shards) {
        records(index, agents, a).forEach(r::accept);
      }
      r.finishAndWrite(new RunInfo("aa-agentperf", "bench", 7, Map.of(), Optional.empty(), false, Instant.EPOCH,
          Instant.EPOCH, Json.object(), 0), ResultFormats.all());
    }
    Instant open = Instant.ofEpochSecond(0, (BASE_MICROS + index * 100_000_000L) * 1000);
    int own = (agents - shard + shards - 1) / shards;
    new PhaseShardFile(new PhaseShardFile.RunInfo("ap-run-p" + index, "aa-agentperf", "m", 7, "synthetic", 500, Map.of(), "none",
        0), shard, shards, index, agents, "p\n", new GateStatus(own * 3, 3, 10_000_000_000L, true, true, true), true, open,
        open.plusSeconds(10), own * REQUESTS_PER_AGENT, 0, 12, null, null).write(folder);
  }
}
