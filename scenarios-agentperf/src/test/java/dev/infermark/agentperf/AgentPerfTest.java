package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.agent.VirtualTicker;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.fixture.FakeClient;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.testkit.ScenarioTestKit;
import tools.jackson.databind.JsonNode;

/**
 * The whole methodology against a fake server whose per-request speed is 1000/agents tokens/s, so
 * the capacity of a tier with minimum speed X is floor(1000/X): the search must find it exactly.
 * Phases run on a {@link VirtualTicker}, so their short windows measure the same however loaded the machine is.
 */
class AgentPerfTest {
  @TempDir
  Path dir;

  private ScenarioTestKit context(FakeClient server, Map<String, String> extra)
      throws Exception {
    Path file = Fixtures.trajectories(dir, 6, 3, 2);
    Map<String, String> s = new HashMap<>(Map.of("agentperf-trajectory-file", file.toString(),
        "agentperf-min-trajectories", "3", "agentperf-min-trajectories-per-agent", "1", "agentperf-steady-duration", "60ms",
        "agentperf-settle-time", "10ms", "agentperf-max-agents", "64", "agentperf-output-tokens", "target",
        "agentperf-max-start-offset", "1", "request-timeout", "5s"));
    s.putAll(extra);
    Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
    return ScenarioTestKit.settings(s).scenario("aa-agentperf-test").server(server).artifactDir(artifacts)
        .seed(42L);
  }

  @Test
  void findsTheExactCapacityOfEachTierAndWritesResults() throws Exception {
    FakeClient server = AgentSpeed.client(agents -> 1000.0 / agents, 0.05, 20);
    ScenarioTestKit ctx = context(server, Map.of("accelerators", "8"));
    List<Tier> tiers = List.of(new Tier("SLO #1", List.of(Criterion.minOutputSpeed(100), Criterion.maxTtftSeconds(1)), 5),
        new Tier("SLO #2", List.of(Criterion.minOutputSpeed(30), Criterion.maxTtftSeconds(1)), Double.NaN));

    ScenarioTestKit.Run run = ctx.run(AgentPerf.withTiers(tiers).withTokenizer(SpaceTokenizer.INSTANCE).withTicker(new VirtualTicker()));
    RunResult result = run.resultOrThrow();
    List<RequestRecord> sink = run.records();

    assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE)).hasValue(10);
    assertThat(result.lookup("SLO #2", "supported_agents", Stat.VALUE)).hasValue(33);
    // At capacity the tier's objectives hold; TTFT is reported in ms.
    assertThat(result.lookup("SLO #1", "output_speed", Stat.P25).getAsDouble()).isGreaterThanOrEqualTo(100);
    assertThat(result.lookup("SLO #1", "time_to_first_token", Stat.P95).getAsDouble()).isCloseTo(50, org.assertj.core.data.Offset.offset(1.0));
    assertThat(result.lookup("SLO #1", "supported_agents_per_accelerator", Stat.VALUE)).hasValue(10 / 8.0);
    // No power sampler: per-MW figures are absent, not zero.
    assertThat(result.lookup("SLO #1", "supported_agents_per_mw", Stat.VALUE)).isEmpty();
    assertThat(result.reportEntries()).containsEntry("SLO #1 supported_agents", "10 (first fail 11)");
    assertThat(result.consoleLines().get(0)).startsWith("| Phase | Agents | p25 Speed");

    JsonNode json = Json.parse(Files.readString(dir.resolve("artifacts").resolve(ResultsJson.FILE)));
    assertThat(json.path("tiers").get(0).path("capacity").asInt()).isEqualTo(10);
    assertThat(json.path("tiers").get(0).path("agents_per_accelerator").asDouble()).isEqualTo(1.25);
    assertThat(json.path("tiers").get(0).has("agents_per_mw")).isFalse();
    assertThat(json.path("tiers").get(1).path("capacity").asInt()).isEqualTo(33);
    // Phases are shared between tiers: 1,2,4,8,16 run once though both searches need them.
    List<Integer> agents = json.path("phases").valueStream().map(p -> p.path("agents").asInt()).toList();
    assertThat(agents).doesNotHaveDuplicates().contains(1, 2, 4, 8, 16, 12, 10, 11, 32, 64, 33);
    for (JsonNode p : json.path("phases")) {
      assertThat(p.path("complete").asBoolean()).isTrue();
      assertThat(p.path("trajectories_completed").asInt()).isGreaterThanOrEqualTo(3);
      assertThat(p.path("fewest_trajectories_per_agent").asInt()).isGreaterThanOrEqualTo(1);
      assertThat(p.path("steady_window_s").asDouble()).isGreaterThanOrEqualTo(0.06);
      assertThat(p.path("pass").has("SLO #1")).isTrue();
    }
    // Every request reached the run's records; window requests are labelled profiling.
    assertThat(sink).hasSize(server.requests().size());
    assertThat(sink).anyMatch(r -> r.phase() == Phase.PROFILING).anyMatch(r -> r.phase() == Phase.WARMUP);
    // max_tokens is the turn's target under agentperf-output-tokens=target.
    assertThat(server.requests()).allMatch(r -> r.maxTokens() == 20);
  }

  @Test
  void aCancelledRunStopsBetweenPhasesAndWritesPartialResults() throws Exception {
    FakeClient server = AgentSpeed.client(agents -> 1000.0 / agents, 0.01, 20);
    Path file = Fixtures.trajectories(dir, 6, 3, 2);
    Map<String, String> settings = Map.of("agentperf-trajectory-file", file.toString(), "agentperf-min-trajectories", "2",
        "agentperf-min-trajectories-per-agent", "1", "agentperf-steady-duration", "30ms", "agentperf-settle-time", "5ms",
        "agentperf-tiers", "10:10");
    Cancellation cancel = new Cancellation();
    Path artifacts = Files.createDirectories(dir.resolve("cancelled"));
    // The run's log announces each finished phase: cancel after the second.
    ScenarioTestKit ctx = ScenarioTestKit.settings(settings).scenario("aa-agentperf").server(server).artifactDir(artifacts)
        .cancellation(cancel).seed(1L).log(line -> {
          if (line.startsWith("agentperf: phase 2,")) {
            cancel.cancel();
          }
        });

    RunResult result = ctx.run(AgentPerf.fromTierSetting().withTokenizer(SpaceTokenizer.INSTANCE).withTicker(new VirtualTicker())).resultOrThrow();

    JsonNode json = Json.parse(Files.readString(artifacts.resolve(ResultsJson.FILE)));
    assertThat(json.path("finished").asBoolean()).isFalse();
    assertThat(json.path("phases").size()).isEqualTo(2);
    assertThat(json.path("tiers").size()).isZero();
    assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE)).isEmpty();
  }

  @Test
  void genericScenarioTakesTiersFromTheSetting() throws Exception {
    FakeClient server = AgentSpeed.client(agents -> 600.0 / agents, 0.01, 20);
    ScenarioTestKit ctx = context(server, Map.of("agentperf-tiers", "200:1", "agentperf-max-agents", "8"));

    RunResult result = ctx.run(AgentPerf.fromTierSetting().withTokenizer(SpaceTokenizer.INSTANCE).withTicker(new VirtualTicker())).resultOrThrow();

    assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE)).hasValue(3);
  }

  @Test
  void aTierPassingAtTheLargestCountReportsALowerBound() throws Exception {
    FakeClient server = AgentSpeed.client(agents -> 10_000.0, 0.01, 20);
    ScenarioTestKit ctx = context(server, Map.of("agentperf-tiers", "20:10", "agentperf-max-agents", "4"));

    RunResult result = ctx.run(AgentPerf.fromTierSetting().withTokenizer(SpaceTokenizer.INSTANCE).withTicker(new VirtualTicker())).resultOrThrow();

    assertThat(result.lookup("SLO #1", "supported_agents", Stat.VALUE)).hasValue(4);
    assertThat(result.reportEntries()).containsEntry("SLO #1 supported_agents", "4 (lower bound)");
  }
}
