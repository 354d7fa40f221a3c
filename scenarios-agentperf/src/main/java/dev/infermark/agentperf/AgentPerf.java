package dev.infermark.agentperf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.infermark.agentperf.agent.Assignment;
import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.RequestFactory;
import dev.infermark.agentperf.agent.Ticker;
import dev.infermark.agentperf.phase.PhaseConfig;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseRun;
import dev.infermark.agentperf.power.PowerSampler;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.agentperf.results.AgentPerfReport;
import dev.infermark.agentperf.results.PhasesTable;
import dev.infermark.agentperf.search.Criterion;
import dev.infermark.agentperf.search.ParetoFrontier;
import dev.infermark.agentperf.search.ParetoRamp;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.search.TierResult;
import dev.infermark.agentperf.search.TierSearches;
import dev.infermark.agentperf.trajectory.JsonlTrajectories;
import dev.infermark.agentperf.trajectory.SyntheticTrajectories;
import dev.infermark.agentperf.trajectory.TrajectorySource;
import dev.infermark.agentperf.trajectory.WekaTrajectories;
import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.load.OpenFiles;
import dev.infermark.metrics.catalog.MetricDef;
import dev.infermark.agentperf.shard.PhaseShardFile;
import dev.infermark.settings.SettingKey;
import dev.infermark.shard.Shard;
import dev.infermark.shard.Shardable;
import dev.infermark.settings.Settings;
import dev.infermark.slo.SloNames;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.spi.Methodology;

/**
 * The AA-AgentPerf methodology as a load generator: for each SLO tier, the most concurrent agents
 * the deployment serves while every phase meets the tier's objectives. Agents work through
 * trajectories (a JSONL file, Weka traces or the seeded synthetic generator); each phase runs until
 * its gates are met and is measured over its steady-state window; each tier's search grows the
 * agent count exponentially, then bisects. Writes {@code agentperf_results.json}, hands every
 * request to the run's records, prints the phases table, and returns per tier
 * {@code supported_agents} and the measurements at capacity.
 *
 * <p>With {@code agentperf-phase-agents} it runs one phase instead of the search and writes
 * {@code agentperf_phase.json} ({@link PhaseShardFile}): the form in which a phase runs as the
 * shards of several processes ({@code shard-count} &gt; 1, agents split by index), merged by
 * {@link dev.infermark.agentperf.shard.PhaseMerge} and driven by a search elsewhere
 * ({@link dev.infermark.agentperf.shard.ShardedSearch}).
 */
public final class AgentPerf implements Methodology, Shardable, OpenFiles.Planned {
  private final Function<MethodologyContext, List<Tier>> tiers;
  private final Tokenizer tokenizer;
  private final Ticker ticker;

  private AgentPerf(Function<MethodologyContext, List<Tier>> tiers, Tokenizer tokenizer, Ticker ticker) {
    this.tiers = tiers;
    this.tokenizer = tokenizer;
    this.ticker = ticker;
  }

  private AgentPerf(Function<MethodologyContext, List<Tier>> tiers) {
    this(tiers, null, Ticker.system());
  }

  /**
   * This generator with {@code tokenizer} instead of the run's ({@code infermark.tokenizer}), for
   * sizing synthetic text and checking token counts.
   */
  public AgentPerf withTokenizer(Tokenizer tokenizer) {
    return new AgentPerf(tiers, tokenizer, ticker);
  }

  /** This generator with its phases and agents on {@code ticker}'s time (tests: a virtual clock). */
  AgentPerf withTicker(Ticker ticker) {
    return new AgentPerf(tiers, tokenizer, ticker);
  }

  /** The tiers the scenario declares ({@code @SloTier}, or {@code @Slo(tier = ...)}s), as the run's SLOs give them. */
  public static AgentPerf declaredTiers() {
    return new AgentPerf(ctx -> {
      List<Tier> t = Tier.fromSlos(ctx.slos());
      if (t.isEmpty()) {
        throw new IllegalArgumentException(ctx.scenario() + " declares no SLO tier (@SloTier, or @Slo with a tier)");
      }
      return t;
    });
  }

  /**
   * The Pareto-frontier configuration's scenario ({@code agentperf-mode=pareto}, Kimi K3): the tiers it
   * declares ({@code @SloTier}, {@code @Slo(tier = ...)}), none for Kimi K3, judge each phase without a search.
   */
  public static AgentPerf paretoScenario() {
    return new AgentPerf(ctx -> Tier.fromSlos(ctx.slos()));
  }

  /** The tiers of {@code infermark.agentperf-tiers}. */
  public static AgentPerf fromTierSetting() {
    return new AgentPerf(ctx -> Tier.fromSpec(ctx.settings().get(AgentPerfKeys.TIERS), AgentPerfKeys.TIERS.property()));
  }

  /** Fixed tiers (tests, programmatic use). */
  public static AgentPerf withTiers(List<Tier> tiers) {
    List<Tier> t = List.copyOf(tiers);
    return new AgentPerf(ctx -> t);
  }

  /**
   * Each agent holds one request in flight: a phase's agents (this shard's share of them), or, for
   * the search, as many as it may grow to ({@code agentperf-max-agents}).
   */
  @Override
  public OpenFiles.Need need(Settings s) {
    Integer phase = s.get(AgentPerfKeys.PHASE_AGENTS);
    List<Integer> ramp = s.get(AgentPerfKeys.PARETO_AGENTS);
    return phase != null ? OpenFiles.need(s, AgentPerfKeys.PHASE_AGENTS.property(), phase)
        : ramp != null && !ramp.isEmpty() && pareto(s)
            ? OpenFiles.need(s, AgentPerfKeys.PARETO_AGENTS.property(), java.util.Collections.max(ramp))
            : OpenFiles.need(s, AgentPerfKeys.MAX_AGENTS.property(), s.get(AgentPerfKeys.MAX_AGENTS));
  }

  @Override
  public RunResult run(MethodologyContext ctx) throws Exception {
    Settings s = ctx.settings();
    AgentPerfSettings o = ctx.settings(AgentPerfSettings.class);
    List<Tier> tierList = tiers.apply(ctx);
    Tokenizer tokenizer = this.tokenizer != null ? this.tokenizer : ctx.tokenizer();
    int maxTokens = positive(o.maxTokens(), AgentPerfKeys.MAX_TOKENS);
    int maxContext = positive(o.maxContext(), AgentPerfKeys.MAX_CONTEXT);
    TrajectorySource source = source(ctx, o, tokenizer, maxContext, maxTokens);
    ctx.log("agentperf: " + source.describe() + "; tiers " + tierList.stream().map(Tier::name).toList());
    Assignment assignment = new Assignment(ctx.seed(), source.size(), o.maxStartOffset());
    RequestFactory requests = new RequestFactory(maxTokens, o.targetOutputTokens(), o.tokenCheckEvery());
    PhaseConfig config = o.phases();
    Shard shard = Shard.of(s);
    if (o.phaseAgents().isPresent()) {
      return runOnePhase(ctx, o, tierList, tokenizer, source, assignment, requests, config, shard);
    }
    if (shard.sharded()) {
      throw new IllegalArgumentException(dev.infermark.shard.ShardKeys.SHARD_COUNT + ": AgentPerf runs sharded one phase at a time: set "
          + AgentPerfKeys.PHASE_AGENTS + " (a controller sets it per phase, see docs/scale-out.md), or run the search "
          + "unsharded");
    }
    boolean pareto = pareto(s);
    if (tierList.isEmpty() && !pareto) {
      throw new IllegalArgumentException(ctx.scenario() + " has no SLO tier to search: give tiers, or set "
          + AgentPerfKeys.MODE + "=pareto for the Pareto-frontier configuration");
    }
    Integer accelerators = o.accelerators().orElse(null);
    TierSearches searches = null;
    ParetoRamp ramp = null;
    RuntimeException failure = null;
    String powerName;
    int powerFailures;
    PowerSummary powerOverall;
    try (PowerSampler power = PowerSampler.fromSettings(s, ctx::log)) {
      power.start();
      powerName = power.describe();
      PhaseRun phaseRun = new PhaseRun(config, ticker, ctx.client(), source, assignment, requests,
          ctx::cancelled, power, tokenizer);
      TierSearches.Runner runner = (index, agents) -> {
        ctx.step("agentperf phase " + index + " (" + agents + " agents)", null);
        PhaseResult p = phaseRun.run(index, agents, PhasePrefix.of(ctx.seed(), index));
        ctx.log(String.format(Locale.ROOT, "agentperf: phase %d, %d agents: p25 speed %.1f tok/s, p95 TTFT %.2f s, "
            + "%d trajectories, window %.0f s%s", index, agents, p.stats().p25OutputSpeed(), p.stats().p95TtftMs() / 1000,
            p.gates().trajectoriesCompleted(), p.windowSeconds(), p.complete() ? "" : " (incomplete)"));
        return p;
      };
      if (pareto) {
        List<Integer> counts = ParetoRamp.counts(s.get(AgentPerfKeys.PARETO_AGENTS), o.startAgents(), o.growthFactor(),
            o.maxAgents(), AgentPerfKeys.PARETO_AGENTS.property());
        ctx.log("agentperf: Pareto-frontier configuration, phases at " + counts + " agents");
        ramp = new ParetoRamp(tierList, o.maxErrorRate(), counts, runner, ctx::cancelled);
      } else {
        searches = new TierSearches(tierList, o.search(), o.maxErrorRate(), o.reusePhases(), runner, ctx::cancelled);
      }
      try {
        if (ramp != null) {
          ramp.run();
        } else {
          searches.run();
        }
      } catch (RuntimeException e) {
        // Keep what the finished phases measured: the results are written (finished=false), then the error surfaces.
        failure = e;
      }
      powerFailures = power.failures();
      powerOverall = power.overall().orElse(null);
    }
    AgentPerfReport report = ramp != null
        ? new AgentPerfReport(ctx.scenario(), ctx.model().orElse(null), ctx.seed(), source.describe(), source.size(),
            settingsUsed(s), accelerators, powerName, powerFailures, powerOverall, ramp.phases(), ramp.verdicts(), List.of(),
            ramp.finished(), ParetoFrontier.of(ramp.phases(), accelerators, ramp.stopped()))
        : new AgentPerfReport(ctx.scenario(), ctx.model().orElse(null), ctx.seed(), source.describe(), source.size(),
            settingsUsed(s), accelerators, powerName, powerFailures, powerOverall, searches.phases(), searches.verdicts(),
            searches.results(), searches.finished());
    ctx.section(report); // agentperf_results.json (AgentPerfJsonFormat), written at the end of the run even when it failed
    if (failure != null) {
      throw failure;
    }
    return toRunResult(report);
  }

  /** One phase (alone or as this process's shard of it): measures it and writes {@code agentperf_phase.json}. */
  private RunResult runOnePhase(MethodologyContext ctx, AgentPerfSettings o, List<Tier> tierList, Tokenizer tokenizer,
      TrajectorySource source, Assignment assignment, RequestFactory requests, PhaseConfig config, Shard shard)
      throws Exception {
    Settings s = ctx.settings();
    int agents = positive(o.phaseAgents().orElseThrow(), AgentPerfKeys.PHASE_AGENTS);
    int index = positive(o.phaseIndex(), AgentPerfKeys.PHASE_INDEX);
    shard.stamp(ctx.exportExtras());
    PhaseRun.Measured m;
    PhaseShardFile.RunInfo info;
    try (PowerSampler power = PowerSampler.fromSettings(s, ctx::log)) {
      power.start();
      PhaseRun phaseRun = new PhaseRun(config, ticker, ctx.client(), source, assignment, requests, ctx::cancelled, power,
          tokenizer);
      String part = shard.sharded() ? ", shard " + shard.index() + " of " + shard.count() : "";
      ctx.step("agentperf phase " + index + " (" + agents + " agents" + part + ")", null);
      m = phaseRun.run(index, agents, PhasePrefix.of(ctx.seed(), index), shard);
      info = new PhaseShardFile.RunInfo(shard.runId(), ctx.scenario(), ctx.model().orElse(null), ctx.seed(), source.describe(),
          source.size(), settingsUsed(s), power.describe(), power.failures());
    }
    Path file = PhaseShardFile.of(info, shard.index(), shard.count(), m).write(ctx.artifactDir());
    ctx.log("agentperf: wrote " + file);
    PhaseResult p = m.result();
    RunResult.Builder r = RunResult.builder();
    r.consoleLine(String.format(Locale.ROOT, "agentperf phase %d%s, %d agents%s: p25 speed %.1f tok/s, p95 TTFT %.2f s, "
        + "%d trajectories, window %.0f s, %d window requests", index, p.complete() ? "" : " (incomplete)", agents,
        shard.sharded() ? " (shard " + shard.index() + " of " + shard.count() + ")" : "", p.stats().p25OutputSpeed(),
        p.stats().p95TtftMs() / 1000, p.gates().trajectoriesCompleted(), p.windowSeconds(), p.stats().requests()));
    for (Tier t : tierList) {
      String why = t.violation(p, o.maxErrorRate());
      // a shard's own verdict is only its part: the phase's is the merged one
      r.consoleLine(t.name() + ": " + (why == null ? "PASS" : "FAIL (" + why + ")")
          + (shard.sharded() ? " (this shard's records alone; merge the shards for the phase's verdict)" : ""));
    }
    return r.build();
  }

  /** Whether {@code agentperf-mode} asks for the Pareto-frontier configuration ({@code search} or unset: the search). */
  static boolean pareto(Settings s) {
    String mode = s.get(AgentPerfKeys.MODE);
    String m = mode == null ? "search" : mode.strip().toLowerCase(Locale.ROOT);
    if (!m.equals("search") && !m.equals("pareto")) {
      throw new IllegalArgumentException(AgentPerfKeys.MODE + ": use search or pareto, not '" + mode + "'");
    }
    return m.equals("pareto");
  }

  /** The run's result values, console lines and report entries. */
  static RunResult toRunResult(AgentPerfReport report) {
    RunResult.Builder r = RunResult.builder();
    PhasesTable.lines(report).forEach(r::consoleLine);
    ParetoFrontier pf = report.pareto();
    if (pf != null) {
      String agents = pf.frontierAgents().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
      r.headline("Pareto frontier", pf.perAccelerator() ? "output tok/s per accelerator" : "output tok/s",
          pf.frontierAgents().size() + " phases: " + (agents.isEmpty() ? "none" : agents + " agents"));
      r.value("pareto_frontier_phases", pf.frontierAgents().size(), "phases");
      r.reportEntry("pareto_frontier_agents", agents);
    }
    Integer acc = report.accelerators();
    for (TierResult t : report.tiers()) {
      String name = t.tier().name();
      int cap = t.capacity();
      tierValue(r, name, AgentPerfMetrics.SUPPORTED_AGENTS, cap);
      // The search's ceiling passed: the capacity is at least that many agents.
      r.headline(name, AgentPerfMetrics.SUPPORTED_AGENTS.tag(), (t.reachedMax() ? "≥ " : "") + cap + " agents");
      r.reportEntry(name + " supported_agents", cap + (t.reachedMax() ? " (lower bound)"
          : t.firstFail() >= 0 ? " (first fail " + t.firstFail() + ")" : ""));
      PhaseResult at = t.atCapacity();
      if (at == null) {
        continue;
      }
      for (Criterion c : t.tier().criteria()) {
        at.stats().stat(c.metric(), c.stat()).ifPresent(v -> r.tierValue(name, c.metric(), Stat.of(c.stat()), v, unit(c.metric())));
      }
      r.tierValue(name, SloNames.OUTPUT_SPEED, Stat.P25, at.stats().p25OutputSpeed(), unit(SloNames.OUTPUT_SPEED));
      r.tierValue(name, Metric.TIME_TO_FIRST_TOKEN.tag(), Stat.P95, at.stats().p95TtftMs(), Metric.TIME_TO_FIRST_TOKEN.unit());
      r.tierValue(name, SloNames.E2E_SPEED, Stat.P25, at.stats().p25E2eSpeed(), unit(SloNames.E2E_SPEED));
      double thr = at.stats().outputThroughput();
      r.tierValue(name, Metric.OUTPUT_TOKEN_THROUGHPUT.tag(), Stat.VALUE, thr, Metric.OUTPUT_TOKEN_THROUGHPUT.unit());
      if (acc != null && acc > 0) {
        tierValue(r, name, AgentPerfMetrics.SUPPORTED_AGENTS_PER_ACCELERATOR, (double) cap / acc);
        tierValue(r, name, AgentPerfMetrics.OUTPUT_TOKEN_THROUGHPUT_PER_ACCELERATOR, thr / acc);
      }
      if (at.power() != null && at.power().meanTotalWatts() > 0) {
        double mw = at.power().meanTotalWatts() / 1e6;
        tierValue(r, name, AgentPerfMetrics.SUPPORTED_AGENTS_PER_MW, cap / mw);
        tierValue(r, name, AgentPerfMetrics.OUTPUT_TOKEN_THROUGHPUT_PER_MW, thr / mw);
        r.reportEntry(name + " agents_per_mw", String.format(Locale.ROOT, "%.0f", cap / mw));
      }
    }
    return r.build();
  }

  /** A tier's criterion value's unit: TTFT's, else AA's speeds' (whichever name of the speed the SLO used). */
  @SuppressWarnings("deprecation") // Metric.OUTPUT_SPEED: AA's name, which AgentPerf's tier results keep
  private static String unit(String metric) {
    return metric.equals(Metric.TIME_TO_FIRST_TOKEN.tag()) ? Metric.TIME_TO_FIRST_TOKEN.unit() : Metric.OUTPUT_SPEED.unit();
  }

  private static void tierValue(RunResult.Builder r, String tier, MetricDef m, double value) {
    r.tierValue(tier, m.tag(), Stat.VALUE, value, m.unit());
  }

  private static TrajectorySource source(MethodologyContext ctx, AgentPerfSettings o, Tokenizer tokenizer, int maxContext,
      int maxTokens) throws IOException {
    String file = o.trajectoryFile().map(String::trim).filter(f -> !f.isEmpty()).orElse(null);
    boolean hasFile = file != null;
    String kind = o.trajectorySource().map(k -> k.trim().toLowerCase(Locale.ROOT)).filter(k -> !k.isEmpty())
        .orElse(hasFile ? "jsonl" : "synthetic");
    if (hasFile && !kind.equals("jsonl")) {
      throw new IllegalArgumentException(AgentPerfKeys.TRAJECTORY_FILE + " is read only by " + AgentPerfKeys.TRAJECTORY_SOURCE
          + "=jsonl, but the source is '" + kind + "': unset one of them"
          + (kind.equals("weka") ? " (Weka traces come from infermark.input-file, public-dataset or hf-weka-dataset)" : ""));
    }
    // Leave room for the answer: a prompt at the very edge of the context would fail.
    int maxInput = maxContext - Math.min(maxTokens, maxContext / 8);
    return switch (kind) {
      case "jsonl" -> {
        if (!hasFile) {
          throw new IllegalArgumentException(AgentPerfKeys.TRAJECTORY_SOURCE + "=jsonl needs " + AgentPerfKeys.TRAJECTORY_FILE);
        }
        Path p = Path.of(file);
        if (!java.nio.file.Files.isRegularFile(p)) {
          throw new IllegalArgumentException(AgentPerfKeys.TRAJECTORY_FILE + ": no such file " + p.toAbsolutePath());
        }
        yield JsonlTrajectories.load(p, tokenizer, maxInput);
      }
      case "weka" -> WekaTrajectories.load(ctx.settings(), ctx.hub(), tokenizer, ctx.seed(), maxInput, o.wekaMaxToolDelay());
      case "synthetic" -> new SyntheticTrajectories(ctx.seed(),
          positive(o.syntheticTrajectories(), AgentPerfKeys.SYNTHETIC_TRAJECTORIES), o.syntheticTurnsMedian(),
          positive(o.syntheticTurnsMax(), AgentPerfKeys.SYNTHETIC_TURNS_MAX), maxContext, maxTokens, tokenizer);
      default -> throw new IllegalArgumentException(AgentPerfKeys.TRAJECTORY_SOURCE + ": use synthetic, jsonl or weka, not '"
          + kind + "'");
    };
  }

  private static int positive(int value, SettingKey<Integer> key) {
    if (value < 1) {
      throw new IllegalArgumentException(key + " must be a positive whole number, got " + value);
    }
    return value;
  }

  private static Map<String, String> settingsUsed(Settings s) {
    Map<String, String> m = new LinkedHashMap<>();
    for (SettingKey<?> k : new AgentPerfKeys().keys()) {
      Object v = s.get(k);
      if (v != null && k == AgentPerfKeys.POWER_DCGM_URL) {
        m.put(k.name(), PowerSampler.withoutUserInfo(v.toString()));
      } else if (v != null) {
        m.put(k.name(), v instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList()) : v.toString());
      }
    }
    return m;
  }
}
