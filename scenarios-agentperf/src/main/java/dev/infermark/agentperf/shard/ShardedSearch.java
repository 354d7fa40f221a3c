package dev.infermark.agentperf.shard;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.results.AgentPerfReport;
import dev.infermark.agentperf.results.PhasesTable;
import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.agentperf.search.Tier;
import dev.infermark.agentperf.search.TierSearches;

/**
 * The capacity search of an AgentPerf run whose phases run elsewhere, each as the shards of several
 * processes (one Kubernetes Indexed Job per phase): the same {@link TierSearches} and
 * {@link dev.infermark.sweep.LimitSearch} a local run uses, fed the phases {@link PhaseMerge} computes from the
 * shards' run folders, so the decisions (next agent count, capacity per tier) are a local run's for
 * the same phase results, and the same {@code agentperf_results.json} is written.
 */
public final class ShardedSearch {
  private ShardedSearch() {}

  /** Runs the shards of phase {@code index} at {@code agents} agents and returns their run folders. */
  @FunctionalInterface
  public interface PhaseShards {
    List<Path> run(int index, int agents) throws InterruptedException;
  }

  /**
   * What the search found.
   *
   * @param report the run's report (what a local run reports)
   * @param resultsFile the {@code agentperf_results.json} written
   */
  public record Outcome(AgentPerfReport report, Path resultsFile) {
    /** The phases table and the capacity per tier, as a local run prints them. */
    public List<String> consoleLines() {
      return PhasesTable.lines(report);
    }
  }

  /**
   * Runs every tier's search, one sharded phase at a time, and writes {@code agentperf_results.json}
   * into {@code outDir} (also when a phase failed or the run was cancelled: {@code finished: false};
   * a failure is thrown after writing).
   *
   * @throws IllegalStateException when no phase ran at all (nothing to report)
   */
  public static Outcome run(List<Tier> tiers, dev.infermark.sweep.LimitSearch search, double maxErrorRate, boolean reusePhases,
      PhaseShards shards, BooleanSupplier cancelled, Path outDir, Consumer<String> log)
      throws IOException, InterruptedException {
    AtomicReference<PhaseShardFile.RunInfo> run = new AtomicReference<>();
    TierSearches searches = new TierSearches(tiers, search, maxErrorRate, reusePhases, (index, agents) -> {
      PhaseMerge.Merged m = PhaseMerge.merge(shards.run(index, agents));
      PhaseResult p = m.result();
      if (p.index() != index || p.agents() != agents) {
        throw new IllegalStateException("the shards ran phase " + p.index() + " at " + p.agents() + " agents, not phase "
            + index + " at " + agents);
      }
      run.compareAndSet(null, m.run());
      log.accept(String.format(Locale.ROOT, "agentperf: phase %d, %d agents (%d shards): p25 speed %.1f tok/s, "
          + "p95 TTFT %.2f s, %d trajectories, window %.0f s%s", index, agents, m.shards().size(),
          p.stats().p25OutputSpeed(), p.stats().p95TtftMs() / 1000, p.gates().trajectoriesCompleted(), p.windowSeconds(),
          p.complete() ? "" : " (incomplete)"));
      return p;
    }, cancelled);
    RuntimeException failure = null;
    try {
      searches.run();
    } catch (RuntimeException e) {
      failure = e; // the finished phases are written first, as a local run does
    }
    PhaseShardFile.RunInfo info = run.get();
    if (info == null) {
      throw failure != null ? failure : new IllegalStateException("the search ran no phase");
    }
    AgentPerfReport report = new AgentPerfReport(info.scenario(), info.model(), info.seed(), info.trajectories(),
        info.trajectoryCount(), info.settings(), accelerators(info), info.powerSampler(), info.powerFailures(), null,
        searches.phases(), searches.verdicts(), searches.results(), searches.finished());
    Path file = ResultsJson.write(report, outDir);
    log.accept("agentperf: wrote " + file + (report.finished() ? "" : " (partial: the search did not finish)"));
    if (failure != null) {
      throw failure;
    }
    return new Outcome(report, file);
  }

  private static Integer accelerators(PhaseShardFile.RunInfo info) {
    String a = info.settings().get("accelerators");
    return a == null ? null : Integer.valueOf(a.trim());
  }
}
