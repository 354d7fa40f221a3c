package dev.infermark.agentperf.shard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import dev.infermark.agentperf.phase.GateStatus;
import dev.infermark.agentperf.phase.PhaseResult;
import dev.infermark.agentperf.phase.PhaseStats;
import dev.infermark.agentperf.phase.TokenCheck;
import dev.infermark.agentperf.power.PowerSummary;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.artifact.ExportedRecords;
import dev.infermark.artifact.RunRecorder;

/**
 * One AgentPerf phase from the run folders of its shards: the phase's statistics are
 * {@link PhaseStats} of the union of the shards' window records (the one implementation a local
 * phase uses, so percentiles are over every request, never averaged), over the window every shard
 * ran at the phase's full agent count: from the latest shard's window opening to the earliest
 * shard's window closing (shards open together at {@code start-at}; each closes when its own gates
 * are met, and a shard stops its agents once its window drained, so after the first close the
 * target count no longer holds). A shard's window records sent outside that span are left out.
 * Counts (trajectories, requests sent and cut off, token checks) add up; the gates hold when every
 * shard's hold; power is the first shard's that measured any (one server, seen by each).
 */
public final class PhaseMerge {
  private PhaseMerge() {}

  /**
   * The merged phase.
   *
   * @param result the phase, as a local run reports it
   * @param run the run's identity (the first shard's)
   * @param windowOpen the merged window's opening, or {@code null} when some shard's window never opened
   * @param windowClose its close, or {@code null}
   * @param shards the shards' files, by index
   */
  public record Merged(PhaseResult result, PhaseShardFile.RunInfo run, Instant windowOpen, Instant windowClose,
      List<PhaseShardFile> shards) {}

  /**
   * Merges the shards' run folders (each the folder holding {@code agentperf_phase.json}, or a folder
   * with exactly one such run folder below it).
   *
   * @throws IllegalArgumentException when the folders are not the shards of one phase (named)
   */
  public static Merged merge(List<Path> folders) {
    if (folders.isEmpty()) {
      throw new IllegalArgumentException("no shard folder to merge");
    }
    List<Path> dirs = folders.stream().map(PhaseMerge::find).toList();
    List<PhaseShardFile> files = new ArrayList<>();
    for (Path d : dirs) {
      files.add(PhaseShardFile.read(d));
    }
    PhaseShardFile first = files.get(0);
    int count = first.shardCount();
    PhaseShardFile[] byIndex = new PhaseShardFile[count];
    Path[] dirByIndex = new Path[count];
    for (int i = 0; i < files.size(); i++) {
      PhaseShardFile f = files.get(i);
      String what = dirs.get(i) + " (phase " + f.phase() + ", " + f.agents() + " agents, shard " + f.shardIndex() + " of "
          + f.shardCount() + ", run " + f.run().runId() + ")";
      if (f.phase() != first.phase() || f.agents() != first.agents() || f.shardCount() != count
          || !Objects.equals(f.run().runId(), first.run().runId()) || f.run().seed() != first.run().seed()
          || !f.prefix().equals(first.prefix())) {
        throw new IllegalArgumentException("not a shard of the same phase as " + dirs.get(0) + ": " + what);
      }
      if (f.shardIndex() < 0 || f.shardIndex() >= count || byIndex[f.shardIndex()] != null) {
        throw new IllegalArgumentException("shard " + f.shardIndex() + " given twice or out of range: " + what);
      }
      byIndex[f.shardIndex()] = f;
      dirByIndex[f.shardIndex()] = dirs.get(i);
    }
    for (int i = 0; i < count; i++) {
      if (byIndex[i] == null) {
        throw new IllegalArgumentException("shard " + i + " of " + count + " of phase " + first.phase() + " is missing");
      }
    }
    List<PhaseShardFile> shards = List.of(byIndex);
    boolean allOpened = shards.stream().allMatch(f -> f.windowOpen() != null && f.windowClose() != null);
    Instant open = allOpened ? shards.stream().map(PhaseShardFile::windowOpen).max(Comparator.naturalOrder()).orElseThrow()
        : null;
    Instant close = allOpened ? shards.stream().map(PhaseShardFile::windowClose).min(Comparator.naturalOrder()).orElseThrow()
        : null;
    List<RequestRecord> window = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      PhaseShardFile f = byIndex[i];
      // A shard's own instants bound its records by its own clock (its window decision); the others' by the wall clock.
      long lower = open == null || f.windowOpen().equals(open) ? Long.MIN_VALUE : epochNs(open);
      long upper = close == null || f.windowClose().equals(close) ? Long.MAX_VALUE : epochNs(close);
      ExportedRecords.read(dirByIndex[i].resolve(RunRecorder.JSONL), r -> {
        if (r.phase() == Phase.PROFILING && r.startNs() >= lower && r.startNs() < upper) {
          window.add(r);
        }
      });
    }
    int completed = 0;
    int fewest = Integer.MAX_VALUE;
    boolean trajMet = true;
    boolean perAgentMet = true;
    boolean steadyMet = true;
    boolean complete = true;
    int sent = 0;
    int cutOff = 0;
    double wall = 0;
    long steadyMax = 0;
    for (PhaseShardFile f : shards) {
      completed += f.gates().trajectoriesCompleted();
      fewest = Math.min(fewest, f.gates().fewestPerAgent());
      trajMet &= f.gates().trajectoriesMet();
      perAgentMet &= f.gates().perAgentMet();
      steadyMet &= f.gates().steadyMet();
      complete &= f.complete();
      sent += f.requestsSent();
      cutOff += f.requestsCutOff();
      wall = Math.max(wall, f.wallSeconds());
      steadyMax = Math.max(steadyMax, f.gates().steadyNanos());
    }
    long steady = open == null ? steadyMax : Math.max(0, epochNs(close) - epochNs(open));
    double windowSeconds = open == null || close.isBefore(open) ? Double.NaN : steady / 1e9;
    GateStatus gates = new GateStatus(completed, fewest, steady, trajMet, perAgentMet, steadyMet);
    PowerSummary power = shards.stream().map(PhaseShardFile::power).filter(Objects::nonNull).findFirst().orElse(null);
    PhaseResult result = new PhaseResult(first.phase(), first.agents(), first.prefix(), gates, complete, windowSeconds, sent,
        cutOff, PhaseStats.of(window), tokenCheck(shards), power, wall);
    return new Merged(result, byIndex[0].run(), open, close, shards);
  }

  /** The token checks together: counts added, the mean difference weighted by each shard's checked requests. */
  private static TokenCheck tokenCheck(List<PhaseShardFile> shards) {
    int n = 0;
    long server = 0;
    long local = 0;
    double diff = 0;
    String tokenizer = null;
    for (PhaseShardFile f : shards) {
      TokenCheck t = f.tokenCheck();
      if (t != null) {
        n += t.checked();
        server += t.serverTokens();
        local += t.localTokens();
        diff += t.meanAbsRelativeDiff() * t.checked();
        tokenizer = tokenizer == null ? t.tokenizer() : tokenizer;
      }
    }
    return n == 0 ? null : new TokenCheck(n, server, local, diff / n, tokenizer);
  }

  static long epochNs(Instant i) {
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
  }

  /** The run folder at or under {@code path} holding {@code agentperf_phase.json}. */
  static Path find(Path path) {
    if (Files.isRegularFile(path.resolve(PhaseShardFile.FILE))) {
      return path;
    }
    if (Files.isRegularFile(path.resolve("latest").resolve(PhaseShardFile.FILE))) {
      return path.resolve("latest");
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException(path + ": no such folder");
    }
    try (Stream<Path> s = Files.find(path, 4, (p, a) -> p.getFileName().toString().equals(PhaseShardFile.FILE))) {
      List<Path> found = s.map(Path::getParent).sorted().toList();
      if (found.size() != 1) {
        throw new IllegalArgumentException(path + ": " + (found.isEmpty() ? "no AgentPerf phase (" + PhaseShardFile.FILE
            + ") in it" : found.size() + " phase run folders in it; name one: " + found));
      }
      return found.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }
}
