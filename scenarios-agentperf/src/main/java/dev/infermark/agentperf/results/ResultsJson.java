package dev.infermark.agentperf.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.TokenCheck;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.ParetoFrontier;
import dev.infermark.agentperf.search.TierResult;
import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;

/**
 * {@code agentperf_results.json}: per tier its thresholds, the capacity found, throughput at
 * capacity, per-accelerator and per-MW figures and the search's steps; every phase with its
 * measurements and verdicts; the power summary. The layout is written down once, as the records
 * below (field order explicit); values that were not measured are absent ({@code null} is left out).
 */
public final class ResultsJson {
  /** The file name in the artifact folder. */
  public static final String FILE = "agentperf_results.json";

  private ResultsJson() {}

  /** The whole file. */
  @JsonPropertyOrder({"methodology", "scenario", "model", "seed", "finished", "trajectories", "settings", "accelerators", "power",
      "tiers", "phases", "pareto"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Results(String methodology, String scenario, String model, long seed, boolean finished,
      Trajectories trajectories, Map<String, String> settings, Integer accelerators, Power power, List<TierJson> tiers,
      List<PhaseJson> phases, ParetoJson pareto) {}

  /**
   * The Pareto-frontier configuration's frontier ({@code agentperf-mode=pareto}; absent otherwise):
   * which figures the axes are and every phase as a point, {@code frontier} when on it.
   */
  @JsonPropertyOrder({"x", "x_title", "y", "y_title", "y_per_mw", "y_per_mw_title", "stopped", "points"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ParetoJson(String x, @JsonProperty("x_title") String xTitle, String y, @JsonProperty("y_title") String yTitle,
      @JsonProperty("y_per_mw") String yPerMw, @JsonProperty("y_per_mw_title") String yPerMwTitle, String stopped,
      List<Map<String, Object>> points) {
    static ParetoJson of(ParetoFrontier f) {
      if (f == null) {
        return null;
      }
      String y = f.perAccelerator() ? "output_throughput_per_accelerator" : "output_throughput";
      List<Map<String, Object>> points = new java.util.ArrayList<>();
      for (ParetoFrontier.Point p : f.points()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("phase", p.phase());
        m.put("agents", p.agents());
        put(m, "p25_e2e_speed", p.e2eSpeed());
        put(m, "output_throughput", p.throughput());
        if (f.perAccelerator()) {
          put(m, y, p.y());
        }
        put(m, "output_throughput_per_mw", p.yPerMw());
        put(m, "power_watts", p.watts());
        m.put("complete", p.complete());
        m.put("frontier", p.frontier());
        if (f.perMw()) {
          m.put("frontier_per_mw", p.frontierPerMw());
        }
        points.add(m);
      }
      return new ParetoJson("p25_e2e_speed", "P25 E2E speed per agent (tokens/s)", y,
          f.perAccelerator() ? "output tokens/s per accelerator" : "system output tokens/s",
          f.perMw() ? "output_throughput_per_mw" : null, f.perMw() ? "output tokens/s per MW" : null, f.stopped(), points);
    }

    private static void put(Map<String, Object> m, String k, double v) {
      Double d = measured(v);
      if (d != null) {
        m.put(k, d);
      }
    }
  }

  /** Where the trajectories came from. */
  @JsonPropertyOrder({"source", "count"})
  public record Trajectories(String source, int count) {}

  /** The power source and the whole run's power. */
  @JsonPropertyOrder({"sampler", "failed_readings", "overall"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Power(String sampler, @JsonProperty("failed_readings") int failedReadings, PowerJson overall) {}

  /** A power summary. */
  @JsonPropertyOrder({"samples", "accelerators", "mean_total_watts", "max_total_watts", "mean_watts_by_accelerator"})
  public record PowerJson(int samples, int accelerators, @JsonProperty("mean_total_watts") double meanTotalWatts,
      @JsonProperty("max_total_watts") double maxTotalWatts,
      @JsonProperty("mean_watts_by_accelerator") Map<String, Double> meanWattsByAccelerator) {
    static PowerJson of(PowerSummary s) {
      return s == null ? null : new PowerJson(s.samples(), s.accelerators(), s.meanTotalWatts(), s.maxTotalWatts(),
          s.meanWattsByAccelerator());
    }
  }

  /** One tier: its objectives, the capacity found and the figures at capacity. */
  @JsonPropertyOrder({"name", "objectives", "min_supported_agents", "capacity", "capacity_is_lower_bound", "first_fail",
      "capacity_phase", "output_throughput_at_capacity", "p25_output_speed_at_capacity", "p95_ttft_s_at_capacity",
      "p25_e2e_speed_at_capacity", "agents_per_accelerator", "output_throughput_per_accelerator", "power_watts_at_capacity",
      "agents_per_mw", "output_throughput_per_mw", "search"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TierJson(String name, List<Objective> objectives,
      @JsonProperty("min_supported_agents") Double minSupportedAgents, int capacity,
      @JsonProperty("capacity_is_lower_bound") boolean capacityIsLowerBound, @JsonProperty("first_fail") Integer firstFail,
      @JsonProperty("capacity_phase") Integer capacityPhase,
      @JsonProperty("output_throughput_at_capacity") Double outputThroughputAtCapacity,
      @JsonProperty("p25_output_speed_at_capacity") Double p25OutputSpeedAtCapacity,
      @JsonProperty("p95_ttft_s_at_capacity") Double p95TtftSAtCapacity,
      @JsonProperty("p25_e2e_speed_at_capacity") Double p25E2eSpeedAtCapacity,
      @JsonProperty("agents_per_accelerator") Double agentsPerAccelerator,
      @JsonProperty("output_throughput_per_accelerator") Double outputThroughputPerAccelerator,
      @JsonProperty("power_watts_at_capacity") Double powerWattsAtCapacity, @JsonProperty("agents_per_mw") Double agentsPerMw,
      @JsonProperty("output_throughput_per_mw") Double outputThroughputPerMw, List<Step> search) {}

  /** One objective of a tier. */
  @JsonPropertyOrder({"metric", "stat", "min", "max", "unit"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Objective(String metric, String stat, Double min, Double max, String unit) {
    static Objective of(Criterion c) {
      return new Objective(c.metric(), c.stat(), measured(c.min()), measured(c.max()), c.unit().isEmpty() ? null : c.unit());
    }
  }

  /** One step of a tier's search. */
  @JsonPropertyOrder({"agents", "pass", "stage"})
  public record Step(int agents, boolean pass, String stage) {}

  /** One phase: its measurements, gates and verdict per tier. */
  @JsonPropertyOrder({"phase", "agents", "p25_output_speed", "p95_ttft_s", "p25_e2e_speed", "output_throughput",
      "trajectories_completed", "fewest_trajectories_per_agent", "steady_window_s", "window_requests", "window_errors",
      "requests_sent", "requests_cut_off", "complete", "wall_s", "cache_prefix", "power", "token_check", "pass", "fail_reasons"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record PhaseJson(int phase, int agents, @JsonProperty("p25_output_speed") Double p25OutputSpeed,
      @JsonProperty("p95_ttft_s") Double p95TtftS, @JsonProperty("p25_e2e_speed") Double p25E2eSpeed,
      @JsonProperty("output_throughput") Double outputThroughput,
      @JsonProperty("trajectories_completed") int trajectoriesCompleted,
      @JsonProperty("fewest_trajectories_per_agent") int fewestTrajectoriesPerAgent,
      @JsonProperty("steady_window_s") Double steadyWindowS, @JsonProperty("window_requests") int windowRequests,
      @JsonProperty("window_errors") int windowErrors, @JsonProperty("requests_sent") int requestsSent,
      @JsonProperty("requests_cut_off") int requestsCutOff, boolean complete, @JsonProperty("wall_s") double wallS,
      @JsonProperty("cache_prefix") String cachePrefix, PowerJson power, @JsonProperty("token_check") TokenCheckJson tokenCheck,
      Map<String, Boolean> pass, @JsonProperty("fail_reasons") Map<String, String> failReasons) {}

  /** The phase's check of the server's output token counts against the local tokenizer. */
  @JsonPropertyOrder({"tokenizer", "requests", "server_output_tokens", "local_output_tokens", "mean_abs_relative_diff"})
  public record TokenCheckJson(String tokenizer, int requests, @JsonProperty("server_output_tokens") long serverOutputTokens,
      @JsonProperty("local_output_tokens") long localOutputTokens,
      @JsonProperty("mean_abs_relative_diff") double meanAbsRelativeDiff) {
    static TokenCheckJson of(TokenCheck t) {
      return t == null ? null : new TokenCheckJson(t.tokenizer(), t.checked(), t.serverTokens(), t.localTokens(),
          t.meanAbsRelativeDiff());
    }
  }

  /** Writes the report into {@code dir}; returns the file. */
  public static Path write(AgentPerfReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    AtomicFile.writeString(file, Json.PRETTY.writeValueAsString(of(report)));
    return file;
  }

  /** The report as the file's records. */
  public static Results of(AgentPerfReport r) {
    List<TierJson> tiers = r.tiers().stream().map(t -> tier(t, r.accelerators())).toList();
    List<PhaseJson> phases = r.phases().stream().map(p -> phase(p, r.verdicts().getOrDefault(p.index(), Map.of()))).toList();
    return new Results("AA-AgentPerf", r.scenario(), r.model(), r.seed(), r.finished(),
        new Trajectories(r.trajectories(), r.trajectoryCount()), r.settings(), r.accelerators(),
        new Power(r.powerSampler(), r.powerFailures(), PowerJson.of(r.powerOverall())), tiers, phases,
        ParetoJson.of(r.pareto()));
  }

  private static TierJson tier(TierResult t, Integer accelerators) {
    PhaseResult at = t.atCapacity();
    Integer phase = null;
    Double thr = null;
    Double speed = null;
    Double ttft = null;
    Double e2e = null;
    Double perAcc = null;
    Double thrPerAcc = null;
    Double watts = null;
    Double perMw = null;
    Double thrPerMw = null;
    if (at != null) {
      phase = at.index();
      double throughput = at.stats().outputThroughput();
      thr = measured(throughput);
      speed = measured(at.stats().p25OutputSpeed());
      ttft = measured(at.stats().p95TtftMs() / 1000.0);
      e2e = measured(at.stats().p25E2eSpeed());
      if (accelerators != null && accelerators > 0) {
        perAcc = (double) t.capacity() / accelerators;
        thrPerAcc = measured(throughput / accelerators);
      }
      if (at.power() != null && at.power().meanTotalWatts() > 0) {
        double mw = at.power().meanTotalWatts() / 1e6;
        watts = at.power().meanTotalWatts();
        perMw = t.capacity() / mw;
        thrPerMw = measured(throughput / mw);
      }
    }
    return new TierJson(t.tier().name(), t.tier().criteria().stream().map(Objective::of).toList(),
        measured(t.tier().minSupportedAgents()), t.capacity(), t.reachedMax(), t.firstFail() >= 0 ? t.firstFail() : null,
        phase, thr, speed, ttft, e2e, perAcc, thrPerAcc, watts, perMw, thrPerMw,
        t.outcome().steps().stream().map(s -> new Step((int) s.value(), s.pass(), s.stage())).toList());
  }

  private static PhaseJson phase(PhaseResult p, Map<String, String> verdicts) {
    Map<String, Boolean> pass = new LinkedHashMap<>();
    Map<String, String> why = new LinkedHashMap<>();
    verdicts.forEach((tier, reason) -> {
      pass.put(tier, reason == null);
      if (reason != null) {
        why.put(tier, reason);
      }
    });
    return new PhaseJson(p.index(), p.agents(), measured(p.stats().p25OutputSpeed()), measured(p.stats().p95TtftMs() / 1000.0),
        measured(p.stats().p25E2eSpeed()), measured(p.stats().outputThroughput()), p.gates().trajectoriesCompleted(),
        p.gates().fewestPerAgent(), measured(p.windowSeconds()), p.stats().requests(), p.stats().errors(), p.requestsSent(),
        p.requestsCutOff(), p.complete(), p.wallSeconds(), p.prefix().substring(0, p.prefix().indexOf('\n')),
        PowerJson.of(p.power()), TokenCheckJson.of(p.tokenCheck()), pass, why.isEmpty() ? null : why);
  }

  /** A value that was measured, or {@code null} (left out of the file) for NaN and infinities. */
  private static Double measured(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }
}
