package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.agent.Assignment;
import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.RequestFactory;
import dev.infermark.agentperf.agent.Ticker;
import dev.infermark.agentperf.phase.PhaseConfig;
import dev.infermark.agentperf.phase.PhaseRun;
import dev.infermark.agentperf.power.NoPower;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.trajectory.JsonlTrajectories;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.client.OpenAiClient;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.simulator.Profile;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import dev.infermark.testkit.ScenarioTestKit;
import tools.jackson.databind.JsonNode;

/**
 * Acceptance against the simulator over HTTP. The profile makes decode speed a function of the
 * batch alone: a step takes 1 ms + 2 ms per decoding sequence (prefill and context cost nothing),
 * stretched by the time scale so that scheduling noise on a busy machine stays small against it;
 * with agents always in flight (no tool time) each stream runs at 1000/(SCALE(1+2B)) tokens/s. A tier
 * with minimum speed X therefore supports floor((1000/X - 1)/2) agents; thresholds sit halfway
 * between two agent counts so scheduling noise cannot move the boundary.
 */
class SimulatorAcceptanceTest {
  /** 1 ms base step, 2 ms per decode token, nothing for prefill or context. */
  static final Profile PROFILE = new Profile("agentperf-acceptance", "speed = 1000/(1+2B) tok/s", 1_000_000, 2_000_000, 0,
      0.0, 256, 65_536, 65_536, 131_072);

  /** Step times are multiplied by this (the simulator's time scale). */
  static final double SCALE = 3;

  @TempDir
  Path dir;

  static double speed(int batch) {
    return 1000.0 / (SCALE * (1 + 2 * batch));
  }

  static int capacity(double minSpeed) {
    int b = 0;
    while (speed(b + 1) >= minSpeed) {
      b++;
    }
    return b;
  }

  private static Map<String, String> settingsMap(Map<String, String> extra) {
    Map<String, String> s = new HashMap<>(Map.of("model", "sim", "extra-inputs", "ignore_eos:true", "request-timeout", "30s"));
    s.putAll(extra);
    return s;
  }

  private Settings settings(Map<String, String> extra) {
    return Settings.of(settingsMap(extra));
  }

  @Test
  @Timeout(240)
  void searchFindsTheCapacityTheProfileImplies() throws Exception {
    // Halfway between 3 and 4 agents, and between 6 and 7.
    double t1 = (speed(3) + speed(4)) / 2;
    double t2 = (speed(6) + speed(7)) / 2;
    assertThat(capacity(t1)).isEqualTo(3);
    assertThat(capacity(t2)).isEqualTo(6);
    Path file = Fixtures.trajectories(dir, 8, 3, 0);
    Map<String, String> settingsMap = settingsMap(Map.of("agentperf-trajectory-file", file.toString(), "agentperf-output-tokens", "target",
        "agentperf-min-trajectories", "4", "agentperf-min-trajectories-per-agent", "1", "agentperf-steady-duration", "1s",
        "agentperf-settle-time", "200ms", "agentperf-max-agents", "32", "agentperf-max-start-offset", "0",
        "agentperf-phase-timeout", "60s"));
    Settings settings = Settings.of(settingsMap);
    List<Tier> tiers = List.of(new Tier("SLO #1", List.of(Criterion.minOutputSpeed(t1), Criterion.maxTtftSeconds(5)), 3),
        new Tier("SLO #2", List.of(Criterion.minOutputSpeed(t2), Criterion.maxTtftSeconds(5)), Double.NaN));
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().profile(PROFILE).timeScale(SCALE).seed(1).build());
        OpenAiClient client = OpenAiClient.create(settings, sim.baseUri(), new Progress())) {
      Path artifacts = Files.createDirectories(dir.resolve("run"));
      ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
      ScenarioTestKit.Run run = ScenarioTestKit.settings(settingsMap).scenario("aa-agentperf").server(client)
          .artifactDir(artifacts).seed(7L).run(AgentPerf.withTiers(tiers));
      records.addAll(run.records());
      RunResult result = run.resultOrThrow();
      result.consoleLines().forEach(System.out::println);

      JsonNode json = Json.parse(Files.readString(artifacts.resolve(ResultsJson.FILE)));
      String phases = json.path("phases").toString();
      // Every request succeeded but those aborted when a phase stopped its agents: recorded as cut-off warmup rows.
      List<RequestRecord> failed = records.stream().filter(r -> !r.ok()).toList();
      assertThat(failed).allMatch(r -> r.error().isCutOff() && r.phase() == dev.infermark.api.request.Phase.WARMUP);
      assertThat(failed).hasSize(json.path("phases").valueStream().mapToInt(p -> p.path("requests_cut_off").asInt()).sum());
      // Within one search step of the computed capacity (resolution 1).
      assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE).getAsDouble()).as(phases).isBetween(2.0, 4.0);
      assertThat(result.lookup("SLO #2", "supported_agents", Stat.VALUE).getAsDouble()).as(phases).isBetween(5.0, 7.0);
      // Measured speeds follow the profile (scheduling delays on a busy machine only slow them): at 4 agents about speed(4).
      JsonNode four = json.path("phases").valueStream().filter(p -> p.path("agents").asInt() == 4).findFirst().orElseThrow();
      assertThat(four.path("p25_output_speed").asDouble()).as(phases).isBetween(speed(4) * 0.75, speed(4) * 1.1);
    }
  }

  @Test
  @Timeout(120)
  void aFreshPrefixPerPhaseLeavesNoPrefixCacheHitFromTheLastPhase() throws Exception {
    Path file = Fixtures.trajectories(dir, 8, 3, 0);
    Settings settings = settings(Map.of());
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().profile(PROFILE).seed(1).build());
        OpenAiClient client = OpenAiClient.create(settings, sim.baseUri(), new Progress())) {
      JsonlTrajectories src = JsonlTrajectories.load(file, SpaceTokenizer.INSTANCE, 100_000);
      PhaseConfig config = new PhaseConfig(3, 1, Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofSeconds(30),
          Duration.ofSeconds(30), Duration.ofMillis(10), 0);
      ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
      PhaseRun run = new PhaseRun(config, Ticker.system(), ScenarioTestKit.recording(client, records::add), src,
          new Assignment(3, src.size(), 0), new RequestFactory(8, false, 0), () -> false, new NoPower(), null);

      // One agent per phase, so that the first request of a phase can only hit what an earlier phase left.
      run.run(1, 1, PhasePrefix.of(5, 1));
      run.run(2, 1, PhasePrefix.of(5, 2));
      // Control: the same prefix again, and the first request does hit what the last phase left.
      run.run(3, 1, PhasePrefix.of(5, 2));

      assertThat(firstCached(records, 1)).containsExactly(Map.entry(0, 0));
      assertThat(firstCached(records, 2)).as("cached tokens of the first request of phase 2").containsExactly(Map.entry(0, 0));
      assertThat(firstCached(records, 3).get(0)).isPositive();
      assertThat(sim.metricsText()).contains("vllm:prefix_cache_hits_total");
    }
  }

  /** Per agent, the cached tokens the server reported for its first request in the phase. */
  private static Map<Integer, Integer> firstCached(ConcurrentLinkedQueue<RequestRecord> records, int phase) {
    Map<Integer, Integer> out = new HashMap<>();
    records.stream().filter(r -> r.tags().extra().get("agentperf_phase").equals(phase))
        .sorted(java.util.Comparator.comparingLong(RequestRecord::startNs))
        .forEach(r -> out.putIfAbsent(r.tags().lane(), r.cachedTokens() == null ? -1 : r.cachedTokens()));
    return out;
  }
}
