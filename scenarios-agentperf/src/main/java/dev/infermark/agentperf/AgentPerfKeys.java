package dev.infermark.agentperf;

import java.time.Duration;
import java.util.List;

import dev.infermark.agentperf.power.PowerKeys;
import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/** Every setting of the AA-AgentPerf methodology (documented in {@code docs/agentperf.md}). */
public final class AgentPerfKeys implements KeyCatalog {
  public static final SettingKey<String> TRAJECTORY_SOURCE = SettingKey.string("agentperf-trajectory-source", null,
      "Where trajectories come from: 'synthetic' (seeded generator), 'jsonl' (agentperf-trajectory-file) or 'weka' "
          + "(Weka traces through the AgentX corpus: input-file, public-dataset or hf-weka-dataset). Unset: jsonl when "
          + "agentperf-trajectory-file is set, else synthetic.");
  public static final SettingKey<String> TRAJECTORY_FILE = SettingKey.string("agentperf-trajectory-file", null,
      "JSONL trajectory file (one turn per line, see docs/agentperf.md); unset uses the seeded synthetic generator.");
  public static final SettingKey<Duration> WEKA_MAX_TOOL_DELAY = SettingKey.duration("agentperf-weka-max-tool-delay", "5s",
      "Cap on the simulated tool delay taken from a Weka trace's recorded gap between a response and the next request "
          + "(the gap also holds user think time and sub-agent waits); 5s is the methodology's longest tool delay.");
  public static final SettingKey<Integer> SYNTHETIC_TRAJECTORIES = SettingKey.integer("agentperf-synthetic-trajectories", 500,
      "How many distinct trajectories the synthetic generator makes (the public tuning subset has 500).");
  public static final SettingKey<Integer> SYNTHETIC_TURNS_MAX = SettingKey.integer("agentperf-synthetic-turns-max", 200,
      "Upper bound on turns per synthetic trajectory (AA: up to 200).");
  public static final SettingKey<Double> SYNTHETIC_TURNS_MEDIAN = SettingKey.decimal("agentperf-synthetic-turns-median", 30.0,
      "Median turns per synthetic trajectory (the tuning subset averages 38 prompts per trajectory).");
  public static final SettingKey<Integer> MAX_CONTEXT = SettingKey.integer("agentperf-max-context", 131072,
      "The model's recommended context in tokens; trajectories are truncated so every prompt fits.");
  public static final SettingKey<Integer> MAX_TOKENS = SettingKey.integer("agentperf-max-tokens", 16384,
      "max_tokens of every request (the methodology fixes 16384).");
  public static final SettingKey<String> OUTPUT_TOKENS = SettingKey.string("agentperf-output-tokens", "model",
      "'model': every request asks for max_tokens and the model decides the length (the methodology); "
          + "'target': max_tokens is the turn's target_output_tokens (for simulators and ignore_eos runs).");
  public static final SettingKey<Integer> MAX_START_OFFSET = SettingKey.integer("agentperf-max-start-offset", 10,
      "Each agent's first trajectory starts at a seeded turn between 0 and this, so agents do not move in lock step.");
  public static final SettingKey<Double> TOOL_DELAY_SCALE = SettingKey.decimal("agentperf-tool-delay-scale", 1.0,
      "Multiplies every simulated tool delay; 1 is the methodology, smaller values only for smoke runs.");
  public static final SettingKey<Integer> START_AGENTS = SettingKey.integer("agentperf-start-agents", 1,
      "Agent count of the first phase of each tier's search.");
  public static final SettingKey<Double> GROWTH_FACTOR = SettingKey.decimal("agentperf-growth-factor", 2.0,
      "Factor of the exponential phase of the search.");
  public static final SettingKey<Integer> MAX_AGENTS = SettingKey.integer("agentperf-max-agents", 4096,
      "Largest agent count the search tries; a tier passing here reports this as a lower bound.");
  public static final SettingKey<Integer> SEARCH_RESOLUTION = SettingKey.integer("agentperf-search-resolution", 1,
      "The binary search stops when first fail minus last pass is at most this many agents.");
  public static final SettingKey<Boolean> REUSE_PHASES = SettingKey.bool("agentperf-reuse-phases", true,
      "Reuse a phase already run at the same agent count when another tier's search needs it.");
  public static final SettingKey<Integer> MIN_TRAJECTORIES = SettingKey.integer("agentperf-min-trajectories", 30,
      "Phase gate: trajectories completed in the phase.");
  public static final SettingKey<Integer> MIN_TRAJECTORIES_PER_AGENT = SettingKey.integer("agentperf-min-trajectories-per-agent", 3,
      "Phase gate: trajectories every agent completed in the phase.");
  public static final SettingKey<Duration> STEADY_DURATION = SettingKey.duration("agentperf-steady-duration", "10m",
      "Phase gate: length of the steady-state measurement window.");
  public static final SettingKey<Duration> SETTLE_TIME = SettingKey.duration("agentperf-settle-time", "30s",
      "How long all agents must have been active at the target count before the window opens.");
  public static final SettingKey<Duration> PHASE_TIMEOUT = SettingKey.duration("agentperf-phase-timeout", "60m",
      "A phase whose gates are not met by then ends as incomplete (and fails every tier).");
  public static final SettingKey<Double> MAX_ERROR_RATE = SettingKey.decimal("agentperf-max-error-rate", 0.01,
      "A phase fails every tier when more than this share of its window requests failed.");
  public static final SettingKey<List<String>> TIERS = SettingKey.list("agentperf-tiers", "",
      "Tiers of the generic aa-agentperf scenario: SPEED:TTFT pairs, e.g. 20:10,60:5 (P25 output tokens/s : P95 TTFT s).");
  public static final SettingKey<String> MODE = SettingKey.string("agentperf-mode", null,
      "search (unset: each tier's capacity, exponential growth then bisection) or pareto (the Pareto-frontier "
          + "configuration, as for Kimi K3: one phase per agent count of agentperf-pareto-agents, no capacity search; "
          + "agentperf_results.json gets the frontier of output throughput per accelerator, and per MW with power, against "
          + "P25 E2E speed per agent).");
  public static final SettingKey<List<Integer>> PARETO_AGENTS = SettingKey.intList("agentperf-pareto-agents", null,
      "Agent counts of the Pareto configuration's phases, e.g. 1,2,4,8,16,32,64; unset: from agentperf-start-agents, "
          + "multiplied by agentperf-growth-factor, up to agentperf-max-agents.");
  public static final SettingKey<Integer> TOKEN_CHECK_EVERY = SettingKey.integer("agentperf-token-check-every", 20,
      "Keep the text of every Nth request and compare the server's token counts with the local tokenizer (0: off).");
  public static final SettingKey<Integer> PHASE_AGENTS = SettingKey.integer("agentperf-phase-agents", null,
      "Run one phase at this many agents instead of the search, and write agentperf_phase.json: how the shards of one "
          + "phase run (shard-count > 1 splits its agents: agent a runs on shard a mod shard-count; docs/scale-out.md).");
  public static final SettingKey<Integer> PHASE_INDEX = SettingKey.integer("agentperf-phase-index", 1,
      "With agentperf-phase-agents: the phase's number in the search (its cache prefix and conversation ids).");
  // the power sampler's own keys live beside it (agentperf.power must not depend on this package)
  public static final SettingKey<String> POWER_SAMPLER = PowerKeys.POWER_SAMPLER;
  public static final SettingKey<String> POWER_COMMAND = PowerKeys.POWER_COMMAND;
  public static final SettingKey<String> POWER_DCGM_URL = PowerKeys.POWER_DCGM_URL;
  public static final SettingKey<List<String>> POWER_METRICS = PowerKeys.POWER_METRICS;
  public static final SettingKey<Duration> POWER_INTERVAL = PowerKeys.POWER_INTERVAL;
  public static final SettingKey<Integer> ACCELERATORS = SettingKey.integer("accelerators", null,
      "Accelerators in the deployment under test, for the per-accelerator figures (absent when unset).");

  private static final List<SettingKey<?>> ALL = List.of(TRAJECTORY_SOURCE, TRAJECTORY_FILE, WEKA_MAX_TOOL_DELAY,
      SYNTHETIC_TRAJECTORIES, SYNTHETIC_TURNS_MAX,
      SYNTHETIC_TURNS_MEDIAN, MAX_CONTEXT, MAX_TOKENS, OUTPUT_TOKENS, MAX_START_OFFSET, TOOL_DELAY_SCALE, START_AGENTS, GROWTH_FACTOR,
      MAX_AGENTS, SEARCH_RESOLUTION, REUSE_PHASES, MIN_TRAJECTORIES, MIN_TRAJECTORIES_PER_AGENT, STEADY_DURATION,
      SETTLE_TIME, PHASE_TIMEOUT, MAX_ERROR_RATE, TIERS, MODE, PARETO_AGENTS, TOKEN_CHECK_EVERY, PHASE_AGENTS, PHASE_INDEX, POWER_SAMPLER, POWER_COMMAND,
      POWER_DCGM_URL, POWER_METRICS, POWER_INTERVAL, ACCELERATORS);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
