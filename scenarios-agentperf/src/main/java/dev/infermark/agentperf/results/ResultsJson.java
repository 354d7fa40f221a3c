package dev.infermark.agentperf.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.TokenCheck;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.agentperf.search.CapacitySearch;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.TierResult;
import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code agentperf_results.json}: per tier its thresholds, the capacity found, throughput at
 * capacity, per-accelerator and per-MW figures and the search's steps; every phase with its
 * measurements and verdicts; the power summary. Values that were not measured are absent.
 */
public final class ResultsJson {
  /** The file name in the artifact folder. */
  public static final String FILE = "agentperf_results.json";

  private ResultsJson() {}

  /** Writes the report into {@code dir}; returns the file. */
  public static Path write(AgentPerfReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    Files.writeString(file, Json.PRETTY.writeValueAsString(toJson(report)));
    return file;
  }

  /** The report as JSON. */
  public static ObjectNode toJson(AgentPerfReport r) {
    ObjectNode root = Json.object();
    root.put("methodology", "AA-AgentPerf");
    root.put("scenario", r.scenario());
    if (r.model() != null) {
      root.put("model", r.model());
    }
    root.put("seed", r.seed());
    root.put("finished", r.finished());
    ObjectNode traj = root.putObject("trajectories");
    traj.put("source", r.trajectories());
    traj.put("count", r.trajectoryCount());
    ObjectNode settings = root.putObject("settings");
    r.settings().forEach(settings::put);
    if (r.accelerators() != null) {
      root.put("accelerators", r.accelerators());
    }
    ObjectNode power = root.putObject("power");
    power.put("sampler", r.powerSampler());
    power.put("failed_readings", r.powerFailures());
    if (r.powerOverall() != null) {
      power.set("overall", power(r.powerOverall()));
    }
    ArrayNode tiers = root.putArray("tiers");
    for (TierResult t : r.tiers()) {
      tiers.add(tier(t, r.accelerators()));
    }
    ArrayNode phases = root.putArray("phases");
    for (PhaseResult p : r.phases()) {
      ObjectNode o = phase(p);
      ObjectNode pass = o.putObject("pass");
      ObjectNode why = Json.object();
      Map<String, String> v = r.verdicts().getOrDefault(p.index(), Map.of());
      v.forEach((tier, reason) -> {
        pass.put(tier, reason == null);
        if (reason != null) {
          why.put(tier, reason);
        }
      });
      if (!why.isEmpty()) {
        o.set("fail_reasons", why);
      }
      phases.add(o);
    }
    return root;
  }

  private static ObjectNode tier(TierResult t, Integer accelerators) {
    ObjectNode o = Json.object();
    o.put("name", t.tier().name());
    ArrayNode objectives = o.putArray("objectives");
    for (Criterion c : t.tier().criteria()) {
      ObjectNode c1 = objectives.addObject();
      c1.put("metric", c.metric());
      c1.put("stat", c.stat());
      putIf(c1, "min", c.min());
      putIf(c1, "max", c.max());
      if (!c.unit().isEmpty()) {
        c1.put("unit", c.unit());
      }
    }
    putIf(o, "min_supported_agents", t.tier().minSupportedAgents());
    CapacitySearch.Outcome out = t.outcome();
    o.put("capacity", out.capacity());
    o.put("capacity_is_lower_bound", out.reachedMax());
    if (out.firstFail() >= 0) {
      o.put("first_fail", out.firstFail());
    }
    PhaseResult at = t.atCapacity();
    if (at != null) {
      o.put("capacity_phase", at.index());
      double thr = at.stats().outputThroughput();
      putIf(o, "output_throughput_at_capacity", thr);
      putIf(o, "p25_output_speed_at_capacity", at.stats().p25OutputSpeed());
      putIf(o, "p95_ttft_s_at_capacity", at.stats().p95TtftMs() / 1000.0);
      putIf(o, "p25_e2e_speed_at_capacity", at.stats().p25E2eSpeed());
      if (accelerators != null && accelerators > 0) {
        o.put("agents_per_accelerator", (double) out.capacity() / accelerators);
        putIf(o, "output_throughput_per_accelerator", thr / accelerators);
      }
      if (at.power() != null && at.power().meanTotalWatts() > 0) {
        double mw = at.power().meanTotalWatts() / 1e6;
        o.put("power_watts_at_capacity", at.power().meanTotalWatts());
        o.put("agents_per_mw", out.capacity() / mw);
        putIf(o, "output_throughput_per_mw", thr / mw);
      }
    }
    ArrayNode steps = o.putArray("search");
    for (CapacitySearch.Step s : out.steps()) {
      ObjectNode so = steps.addObject();
      so.put("agents", s.agents());
      so.put("pass", s.pass());
      so.put("stage", s.stage());
    }
    return o;
  }

  private static ObjectNode phase(PhaseResult p) {
    ObjectNode o = Json.object();
    o.put("phase", p.index());
    o.put("agents", p.agents());
    putIf(o, "p25_output_speed", p.stats().p25OutputSpeed());
    putIf(o, "p95_ttft_s", p.stats().p95TtftMs() / 1000.0);
    putIf(o, "p25_e2e_speed", p.stats().p25E2eSpeed());
    putIf(o, "output_throughput", p.stats().outputThroughput());
    o.put("trajectories_completed", p.gates().trajectoriesCompleted());
    o.put("fewest_trajectories_per_agent", p.gates().fewestPerAgent());
    putIf(o, "steady_window_s", p.windowSeconds());
    o.put("window_requests", p.stats().requests());
    o.put("window_errors", p.stats().errors());
    o.put("requests_sent", p.requestsSent());
    o.put("requests_cut_off", p.requestsCutOff());
    o.put("complete", p.complete());
    o.put("wall_s", p.wallSeconds());
    o.put("cache_prefix", p.prefix().substring(0, p.prefix().indexOf('\n')));
    if (p.power() != null) {
      o.set("power", power(p.power()));
    }
    TokenCheck tc = p.tokenCheck();
    if (tc != null) {
      ObjectNode t = o.putObject("token_check");
      t.put("tokenizer", tc.tokenizer());
      t.put("requests", tc.checked());
      t.put("server_output_tokens", tc.serverTokens());
      t.put("local_output_tokens", tc.localTokens());
      t.put("mean_abs_relative_diff", tc.meanAbsRelativeDiff());
    }
    return o;
  }

  private static ObjectNode power(PowerSummary s) {
    ObjectNode o = Json.object();
    o.put("samples", s.samples());
    o.put("accelerators", s.accelerators());
    o.put("mean_total_watts", s.meanTotalWatts());
    o.put("max_total_watts", s.maxTotalWatts());
    ObjectNode per = o.putObject("mean_watts_by_accelerator");
    s.meanWattsByAccelerator().forEach(per::put);
    return o;
  }

  private static void putIf(ObjectNode o, String field, double v) {
    if (!Double.isNaN(v) && !Double.isInfinite(v)) {
      o.put(field, v);
    }
  }
}
