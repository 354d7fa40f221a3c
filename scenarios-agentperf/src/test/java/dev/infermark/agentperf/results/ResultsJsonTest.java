package dev.infermark.agentperf.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.sweep.LimitSearch;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.search.TierSearches;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

class ResultsJsonTest {
  @TempDir
  Path dir;

  /** A phase whose every request runs at 1000/agents tokens/s, drawing 100 W per agent. */
  static PhaseResult phase(int index, int agents, boolean withPower) {
    double speed = 1000.0 / agents;
    PhaseStats stats = new PhaseStats(10, 0, new double[] {100, 100}, new double[] {speed, speed}, new double[] {speed, speed},
        (long) (agents * speed * 10), 10);
    PowerSummary power = withPower ? new PowerSummary(5, 2, 100.0 * agents, 110.0 * agents, new java.util.TreeMap<>(Map.of("0", 50.0 * agents, "1", 50.0 * agents))) : null;
    return new PhaseResult(index, agents, "1 2 3\nPerformance replay cache namespace. Ignore the digits above.\n\n",
        new GateStatus(30, 3, 600_000_000_000L, true, true, true), true, 600, 1000, 0, stats, null, power, 700);
  }

  private AgentPerfReport report(boolean withPower, Integer accelerators) throws Exception {
    List<Tier> tiers = Tier.fromSpec(List.of("100:1", "30:1"), "t");
    List<Integer> ran = new ArrayList<>();
    TierSearches s = new TierSearches(tiers, LimitSearch.wholeNumbers(1, 2, 64, 1), 0.01, true, (i, n) -> {
      ran.add(n);
      return phase(i, n, withPower);
    }, () -> false).run();
    assertThat(ran).doesNotHaveDuplicates();
    return new AgentPerfReport("aa-agentperf", "m", 1, "syn", 500, Map.of("agentperf-max-tokens", "16384"), accelerators,
        withPower ? "nvidia-smi: fake" : "none", 0, null, s.phases(), s.verdicts(), s.results(), s.finished());
  }

  @Test
  void perTierCapacityPerAcceleratorAndPerMegawatt() throws Exception {
    AgentPerfReport r = report(true, 8);
    Path f = ResultsJson.write(r, dir);
    JsonNode json = Json.parse(Files.readString(f));

    JsonNode t1 = json.path("tiers").get(0);
    assertThat(t1.path("name").asString()).isEqualTo("SLO #1");
    assertThat(t1.path("capacity").asInt()).isEqualTo(10);
    assertThat(t1.path("first_fail").asInt()).isEqualTo(11);
    assertThat(t1.path("objectives").get(0).path("metric").asString()).isEqualTo("output_speed");
    assertThat(t1.path("objectives").get(1).path("max").asDouble()).isEqualTo(1.0);
    assertThat(t1.path("agents_per_accelerator").asDouble()).isEqualTo(1.25);
    // 10 agents at 1000 W measured: 10 / 0.001 MW.
    assertThat(t1.path("power_watts_at_capacity").asDouble()).isEqualTo(1000.0);
    assertThat(t1.path("agents_per_mw").asDouble()).isEqualTo(10_000.0);
    assertThat(t1.path("output_throughput_at_capacity").asDouble()).isEqualTo(1000.0);
    assertThat(t1.path("output_throughput_per_mw").asDouble()).isEqualTo(1_000_000.0);
    assertThat(t1.path("search").get(0).path("stage").asString()).isEqualTo("exponential");
    assertThat(json.path("tiers").get(1).path("capacity").asInt()).isEqualTo(33);

    JsonNode p = json.path("phases").get(0);
    assertThat(p.path("agents").asInt()).isEqualTo(1);
    assertThat(p.path("p25_output_speed").asDouble()).isEqualTo(1000.0);
    assertThat(p.path("p95_ttft_s").asDouble()).isEqualTo(0.1);
    assertThat(p.path("pass").path("SLO #1").asBoolean()).isTrue();
    assertThat(p.path("cache_prefix").asString()).isEqualTo("1 2 3");
    assertThat(p.path("power").path("mean_total_watts").asDouble()).isEqualTo(100.0);
    JsonNode failed = json.path("phases").valueStream().filter(x -> x.path("agents").asInt() == 16).findFirst().orElseThrow();
    assertThat(failed.path("pass").path("SLO #1").asBoolean()).isFalse();
    assertThat(failed.path("fail_reasons").path("SLO #1").asString()).contains("p25 output_speed >= 100");

    List<String> table = PhasesTable.lines(r);
    assertThat(table.get(0)).isEqualTo("| Phase | Agents | p25 Speed | p95 TTFT | p25 E2E | Throughput | Traj | SLO #1 | SLO #2 |");
    assertThat(table.get(2)).isEqualTo("| 1 | 1 | 1000.0 tok/s | 0.10 s | 1000.0 tok/s | 1000 tok/s | 30 | PASS | PASS |");
    assertThat(table).contains("SLO #1: 10 agents (first fail at 11)");
  }

  @Test
  void withoutPowerOrAcceleratorsThoseFiguresAreAbsent() throws Exception {
    JsonNode json = Json.MAPPER.valueToTree(ResultsJson.of(report(false, null)));
    JsonNode t1 = json.path("tiers").get(0);
    assertThat(t1.has("agents_per_mw")).isFalse();
    assertThat(t1.has("power_watts_at_capacity")).isFalse();
    assertThat(t1.has("agents_per_accelerator")).isFalse();
    assertThat(json.has("accelerators")).isFalse();
    assertThat(json.path("power").has("overall")).isFalse();
    assertThat(json.path("power").path("sampler").asString()).isEqualTo("none");
  }

  /** Pins {@code agentperf_results.json} byte for byte (with and without power and accelerators, and a cancelled run). */
  @Test
  void resultsFileIsUnchanged() throws Exception {
    dev.infermark.testkit.Golden.assertMatches("agentperf/agentperf_results.json", Files.readString(ResultsJson.write(report(true, 8), dir)));
    dev.infermark.testkit.Golden.assertMatches("agentperf/agentperf_results_no_power.json",
        Files.readString(ResultsJson.write(report(false, null), dir)));
    AgentPerfReport full = report(true, 8);
    AgentPerfReport cut = new AgentPerfReport("aa-agentperf", null, 3, "syn", 2, Map.of(), null, "none", 2,
        new PowerSummary(1, 1, 5.0, 6.0, Map.of("0", 5.0)), List.of(full.phases().get(0), withTokenCheck(full.phases().get(1))),
        full.verdicts(), List.of(), false);
    dev.infermark.testkit.Golden.assertMatches("agentperf/agentperf_results_cancelled.json",
        Files.readString(ResultsJson.write(cut, dir)));
  }

  private static PhaseResult withTokenCheck(PhaseResult p) {
    return new PhaseResult(p.index(), p.agents(), p.prefix(), p.gates(), false, p.windowSeconds(), p.requestsSent(), 3, p.stats(),
        new dev.infermark.agentperf.phase.TokenCheck(4, 100, 96, 0.04, "space"), p.power(), p.wallSeconds());
  }
}
