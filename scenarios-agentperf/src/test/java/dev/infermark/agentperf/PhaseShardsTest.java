package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.shard.PhaseMerge;
import dev.infermark.agentperf.shard.PhaseShardFile;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import dev.infermark.testkit.ScenarioTestKit;

/**
 * One AgentPerf phase run as three shards (in this JVM, each with its own shard-index, as the pods of
 * an Indexed Job get theirs) against the simulator, then merged: each shard ran the agents numbered
 * its index modulo 3, each agent the requests it sends in the unsharded phase, every shard's window
 * opened at start-at, and the merged phase is {@link PhaseStats} of the union of the shards' window
 * records (as merging is defined: the span every shard ran at full count).
 */
class PhaseShardsTest {
  private static final int SHARDS = 3;
  private static final int AGENTS = 5;

  @TempDir
  Path dir;

  private Map<String, String> settings(Path trajectories) {
    Map<String, String> s = new HashMap<>(Map.of("model", "sim", "extra-inputs", "ignore_eos:true", "request-timeout", "30s",
        "agentperf-trajectory-file", trajectories.toString(), "agentperf-output-tokens", "target",
        "agentperf-min-trajectories", "6", "agentperf-min-trajectories-per-agent", "1", "agentperf-steady-duration", "1s",
        "agentperf-settle-time", "300ms"));
    s.putAll(Map.of("agentperf-max-start-offset", "1", "agentperf-phase-timeout", "60s", "agentperf-phase-agents",
        Integer.toString(AGENTS), "agentperf-phase-index", "2", "run-id", "phase-2-run"));
    return s;
  }

  private static final List<Tier> TIERS = List.of(new Tier("SLO #1", List.of(Criterion.minOutputSpeed(1),
      Criterion.maxTtftSeconds(30)), Double.NaN));

  @Test
  @Timeout(180)
  void threeShardsOfAPhaseMergeIntoThePhase() throws Exception {
    Path trajectories = Fixtures.trajectories(dir, 8, 3, 0);
    Instant startAt = Instant.now().plusSeconds(6);
    List<ScenarioTestKit.Run> runs = new ArrayList<>();
    List<Path> folders = new ArrayList<>();
    try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor(); Simulator sim = Simulator.start(SimulatorConfig.builder().profile(SimulatorAcceptanceTest.PROFILE).timeScale(2).seed(1)
        .build())) {
      List<CompletableFuture<ScenarioTestKit.Run>> shards = new ArrayList<>();
      for (int i = 0; i < SHARDS; i++) {
        Map<String, String> s = settings(trajectories);
        s.putAll(Map.of("shard-count", Integer.toString(SHARDS), "shard-index", Integer.toString(i), "start-at",
            startAt.toString()));
        Path out = dir.resolve("shard-" + i);
        folders.add(out);
        shards.add(CompletableFuture.supplyAsync(() -> ScenarioTestKit.settings(s).scenario("aa-agentperf")
            .target(sim.baseUri()).artifacts(out).seed(7L).run(AgentPerf.withTiers(TIERS)), pool));
      }
      for (CompletableFuture<ScenarioTestKit.Run> f : shards) {
        ScenarioTestKit.Run r = f.join();
        r.resultOrThrow();
        runs.add(r);
      }
      ScenarioTestKit.Run whole = ScenarioTestKit.settings(settings(trajectories)).scenario("aa-agentperf")
          .target(sim.baseUri()).artifacts(dir.resolve("whole")).seed(7L).run(AgentPerf.withTiers(TIERS));
      whole.resultOrThrow();

      // Each shard ran its agents (index mod 3), all of phase 2 at 5 agents; each agent sent what it sends unsharded.
      Map<Integer, List<String>> unsharded = firstRequests(whole.records());
      Map<Integer, List<String>> sharded = new HashMap<>();
      for (int i = 0; i < SHARDS; i++) {
        int index = i;
        List<RequestRecord> recs = runs.get(i).records();
        assertThat(recs).isNotEmpty().allSatisfy(r -> {
          assertThat((Integer) r.tags().extra().get("agent") % SHARDS).isEqualTo(index);
          assertThat(r.tags().extra()).containsEntry("agentperf_phase", 2).containsEntry("agentperf_agents", AGENTS);
        });
        sharded.putAll(firstRequests(recs));
        PhaseShardFile f = PhaseShardFile.read(folders.get(i));
        // at start-at when its agents were all active in time (started two settle times ahead; on a loaded machine
        // not always: SteadyWindowTest pins the rule), never before it
        assertThat(f.windowOpen()).as("shard %d's window", i).isAfterOrEqualTo(startAt);
        assertThat(f.prefix()).isEqualTo(PhaseShardFile.read(dir.resolve("whole")).prefix());
      }
      assertThat(sharded.keySet()).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
      assertThat(sharded).isEqualTo(unsharded);
    }

    PhaseMerge.Merged merged = PhaseMerge.merge(folders);
    assertThat(merged.shards()).hasSize(SHARDS);
    assertThat(merged.windowOpen())
        .isEqualTo(merged.shards().stream().map(PhaseShardFile::windowOpen).max(Comparator.naturalOrder()).orElseThrow());
    Instant open = merged.windowOpen();
    // The window every shard ran at full count: the latest open to the earliest close.
    Instant close = merged.shards().stream().map(PhaseShardFile::windowClose).min(Comparator.naturalOrder()).orElseThrow();
    assertThat(merged.windowClose()).isEqualTo(close);
    List<RequestRecord> window = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      PhaseShardFile f = merged.shards().get(i);
      for (RequestRecord r : runs.get(i).records()) {
        long start = r.startEpochMicros() * 1000;
        if (r.phase() == Phase.PROFILING && (f.windowClose().equals(close) || start < epochNs(close))
            && (f.windowOpen().equals(open) || start >= epochNs(open))) {
          window.add(r);
        }
      }
    }
    PhaseStats expected = PhaseStats.of(window);
    PhaseStats got = merged.result().stats();
    assertThat(got.requests()).isEqualTo(expected.requests()).isPositive();
    assertThat(got.errors()).isEqualTo(expected.errors());
    assertThat(got.ttftMs()).containsExactly(expected.ttftMs());
    assertThat(got.outputSpeed()).containsExactly(expected.outputSpeed());
    assertThat(got.e2eSpeed()).containsExactly(expected.e2eSpeed());
    assertThat(got.outputTokens()).isEqualTo(expected.outputTokens());
    // the span on the wall clock (µs-stamped starts) against the in-process monotonic clock
    assertThat(got.spanSeconds()).isCloseTo(expected.spanSeconds(), within(1e-3));
    assertThat(merged.result().gates().trajectoriesCompleted())
        .isEqualTo(merged.shards().stream().mapToInt(f -> f.gates().trajectoriesCompleted()).sum()).isGreaterThanOrEqualTo(6);
    assertThat(merged.result().complete()).isTrue();
    assertThat(merged.result().requestsSent() + merged.result().requestsCutOff())
        .isEqualTo(runs.stream().mapToInt(r -> r.records().size()).sum());
  }

  @Test
  void theSearchDoesNotRunSharded() {
    ScenarioTestKit.Run r = ScenarioTestKit.settings(Map.of("model", "sim", "shard-count", "2", "shard-index", "1"))
        .scenario("aa-agentperf").target(java.net.URI.create("http://127.0.0.1:9")).run(AgentPerf.withTiers(TIERS));
    assertThatThrownBy(r::resultOrThrow).hasMessageContaining("infermark.agentperf-phase-agents")
        .hasMessageContaining("one phase at a time");
  }

  /** Per agent, its first three requests (trajectory and turn), in the order it sent them. */
  private static Map<Integer, List<String>> firstRequests(List<RequestRecord> records) {
    return records.stream().sorted(Comparator.comparingLong(RequestRecord::startNs))
        .collect(Collectors.groupingBy(r -> (Integer) r.tags().extra().get("agent"), Collectors.collectingAndThen(
            Collectors.mapping(r -> r.tags().extra().get("trajectory_id") + "#" + r.tags().turnIndex() + "@"
                + r.tags().correlationId(), Collectors.toList()), l -> l.subList(0, Math.min(3, l.size())))));
  }

  private static long epochNs(Instant i) {
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }
}
