package dev.infermark.agentperf.shard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseRun;
import dev.infermark.agentperf.phase.TokenCheck;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code agentperf_phase.json}: what one process running a single AgentPerf phase
 * ({@code agentperf-phase-agents}, alone or as one shard of several) measured besides its records.
 * The records are in the run's {@code profile_export.jsonl} (the window's as {@code profiling});
 * {@link PhaseMerge} computes the phase from the shards' records and these files.
 *
 * @param run the run this phase belongs to (the same on every shard)
 * @param shardIndex this process's shard (0 when not sharded)
 * @param shardCount how many shards ran the phase
 * @param phase the phase number
 * @param agents the phase's agent count (every shard's together)
 * @param prefix the phase's cache prefix
 * @param gates this shard's gates when its phase ended (its agents, its share of the trajectory gate)
 * @param complete whether this shard met its gates
 * @param windowOpen when this shard's window opened (wall clock), or {@code null}
 * @param windowClose when it closed (wall clock), or {@code null}
 * @param requestsSent every request this shard recorded in the phase
 * @param requestsCutOff of which cut off when it stopped its agents
 * @param wallSeconds this shard's phase from its agents' start to their stop
 * @param tokenCheck this shard's token check, or {@code null}
 * @param power power during this shard's window, or {@code null}
 */
public record PhaseShardFile(RunInfo run, int shardIndex, int shardCount, int phase, int agents, String prefix,
    GateStatus gates, boolean complete, Instant windowOpen, Instant windowClose, int requestsSent, int requestsCutOff,
    double wallSeconds, TokenCheck tokenCheck, PowerSummary power) {
  /** The file name in the run folder. */
  public static final String FILE = "agentperf_phase.json";

  /**
   * What the run is, as {@code agentperf_results.json} states it.
   *
   * @param runId the run's {@code benchmark_id} (one for all shards of a phase), or {@code null}
   * @param scenario the scenario name
   * @param model the model, or {@code null}
   * @param seed the run's seed
   * @param trajectories the trajectory source's description
   * @param trajectoryCount distinct trajectories
   * @param settings the methodology settings used (name to text)
   * @param powerSampler the power source's description
   * @param powerFailures failed power readings
   */
  public record RunInfo(String runId, String scenario, String model, long seed, String trajectories, int trajectoryCount,
      Map<String, String> settings, String powerSampler, int powerFailures) {
    public RunInfo {
      settings = new LinkedHashMap<>(settings);
    }
  }

  /** The file of {@code measured} as shard {@code shardIndex} of {@code shardCount}. */
  public static PhaseShardFile of(RunInfo run, int shardIndex, int shardCount, PhaseRun.Measured measured) {
    var p = measured.result();
    return new PhaseShardFile(run, shardIndex, shardCount, p.index(), p.agents(), p.prefix(), p.gates(), p.complete(),
        measured.windowOpen(), measured.windowClose(), p.requestsSent(), p.requestsCutOff(), p.wallSeconds(), p.tokenCheck(),
        p.power());
  }

  /** Writes this file into {@code dir}; returns it. */
  public Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    AtomicFile.writeString(file, Json.PRETTY.writeValueAsString(toJson()));
    return file;
  }

  /** This file as JSON. */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("methodology", "AA-AgentPerf");
    o.put("run_id", run.runId());
    o.put("scenario", run.scenario());
    o.put("model", run.model());
    o.put("seed", run.seed());
    o.putObject("trajectories").put("source", run.trajectories()).put("count", run.trajectoryCount());
    ObjectNode settings = o.putObject("settings");
    run.settings().forEach(settings::put);
    o.putObject("power_sampler").put("sampler", run.powerSampler()).put("failed_readings", run.powerFailures());
    o.putObject("shard").put("index", shardIndex).put("count", shardCount);
    o.put("phase", phase);
    o.put("agents", agents);
    o.put("cache_prefix", prefix);
    ObjectNode g = o.putObject("gates");
    g.put("trajectories_completed", gates.trajectoriesCompleted());
    g.put("fewest_trajectories_per_agent", gates.fewestPerAgent());
    g.put("steady_ns", gates.steadyNanos());
    g.put("trajectories_met", gates.trajectoriesMet());
    g.put("per_agent_met", gates.perAgentMet());
    g.put("steady_met", gates.steadyMet());
    o.put("complete", complete);
    o.put("window_open", windowOpen == null ? null : windowOpen.toString());
    o.put("window_close", windowClose == null ? null : windowClose.toString());
    o.put("requests_sent", requestsSent);
    o.put("requests_cut_off", requestsCutOff);
    o.put("wall_s", wallSeconds);
    if (tokenCheck != null) {
      o.putObject("token_check").put("tokenizer", tokenCheck.tokenizer()).put("requests", tokenCheck.checked())
          .put("server_output_tokens", tokenCheck.serverTokens()).put("local_output_tokens", tokenCheck.localTokens())
          .put("mean_abs_relative_diff", tokenCheck.meanAbsRelativeDiff());
    }
    if (power != null) {
      ObjectNode w = o.putObject("power").put("samples", power.samples()).put("accelerators", power.accelerators())
          .put("mean_total_watts", power.meanTotalWatts()).put("max_total_watts", power.maxTotalWatts());
      ObjectNode per = w.putObject("mean_watts_by_accelerator");
      power.meanWattsByAccelerator().forEach(per::put);
    }
    return o;
  }

  /**
   * Reads the file in run folder {@code dir}.
   *
   * @throws IllegalArgumentException naming the file and the field that is missing or malformed
   */
  public static PhaseShardFile read(Path dir) {
    Path file = dir.resolve(FILE);
    JsonNode o;
    try {
      o = Json.MAPPER.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(file + ": not JSON: " + e.getOriginalMessage(), e);
    }
    try {
      Map<String, String> settings = new LinkedHashMap<>();
      req(o, "settings").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asString()));
      RunInfo run = new RunInfo(text(o, "run_id"), req(o, "scenario").asString(), text(o, "model"), req(o, "seed").asLong(),
          req(req(o, "trajectories"), "source").asString(), req(req(o, "trajectories"), "count").asInt(), settings,
          req(req(o, "power_sampler"), "sampler").asString(), req(req(o, "power_sampler"), "failed_readings").asInt());
      JsonNode g = req(o, "gates");
      GateStatus gates = new GateStatus(req(g, "trajectories_completed").asInt(), req(g, "fewest_trajectories_per_agent").asInt(),
          req(g, "steady_ns").asLong(), req(g, "trajectories_met").asBoolean(), req(g, "per_agent_met").asBoolean(),
          req(g, "steady_met").asBoolean());
      JsonNode t = o.path("token_check");
      TokenCheck check = t.isMissingNode() ? null : new TokenCheck(req(t, "requests").asInt(),
          req(t, "server_output_tokens").asLong(), req(t, "local_output_tokens").asLong(),
          req(t, "mean_abs_relative_diff").asDouble(), req(t, "tokenizer").asString());
      JsonNode w = o.path("power");
      PowerSummary power = null;
      if (!w.isMissingNode()) {
        Map<String, Double> per = new TreeMap<>();
        req(w, "mean_watts_by_accelerator").properties().forEach(e -> per.put(e.getKey(), e.getValue().asDouble()));
        power = new PowerSummary(req(w, "samples").asInt(), req(w, "accelerators").asInt(), req(w, "mean_total_watts").asDouble(),
            req(w, "max_total_watts").asDouble(), per);
      }
      JsonNode s = req(o, "shard");
      return new PhaseShardFile(run, req(s, "index").asInt(), req(s, "count").asInt(), req(o, "phase").asInt(),
          req(o, "agents").asInt(), req(o, "cache_prefix").asString(), gates, req(o, "complete").asBoolean(),
          instant(o, "window_open"), instant(o, "window_close"), req(o, "requests_sent").asInt(),
          req(o, "requests_cut_off").asInt(), req(o, "wall_s").asDouble(), check, power);
    } catch (IllegalArgumentException | java.time.DateTimeException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static JsonNode req(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("no field '" + field + "'");
    }
    return v;
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }

  private static Instant instant(JsonNode o, String field) {
    String t = text(o, field);
    return t == null ? null : Instant.parse(t);
  }
}
