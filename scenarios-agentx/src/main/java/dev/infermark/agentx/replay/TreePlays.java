package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

import dev.infermark.traces.topology.Branch;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * Trees on lanes: a play starts on a lane, its streams move turn by turn, spawn their children
 * (SPAWN) and wait for them (JOIN), and once no stream is left the lane recycles into the sampler's
 * next tree with a new cache-bust marker and correlation ids.
 */
final class TreePlays {
  private final ReplayState s;
  private final TreeSampler sampler;
  private final SplittableRandom ids;
  private final Map<String, Integer> passByTrace = new HashMap<>();
  private final RecycleGuard recycleGuard = new RecycleGuard();
  private final Set<String> markers = new HashSet<>();
  private int live;
  private int maxLive;
  private long plays;

  TreePlays(ReplayState s, TreeSampler sampler) {
    this.s = s;
    this.sampler = sampler;
    // Shards draw distinct correlation ids (each shard's own sequence; ids are per run anyway).
    long shardSalt = s.shard.sharded() ? (s.shard.index() + 1) * 0x9E3779B97F4A7C15L : 0;
    this.ids = new SplittableRandom(s.config.seed() ^ 0x5DEECE66DL ^ shardSalt);
  }

  /** The sampler's next tree. */
  SessionTree next() {
    return sampler.next();
  }

  /** Trees that can be replayed. */
  int poolSize() {
    return sampler.size();
  }

  /** Another shard starts a play of {@code tree}: counted, so later plays of that trace get the markers they get on one host. */
  void playedElsewhere(SessionTree tree) {
    passByTrace.merge(tree.traceId(), 1, Integer::sum);
  }

  /** Starts a play of {@code tree} on {@code lane}, with its cache-bust marker and root correlation id. */
  Play start(Lane lane, SessionTree tree) {
    int pass = passByTrace.merge(tree.traceId(), 1, Integer::sum) - 1;
    String marker = s.config.cacheBust() ? CacheBust.marker(s.config.benchmarkId(), pass, lane.index, tree.traceId())
        : null;
    if (marker != null) {
      markers.add(marker);
    }
    Play play = new Play(lane, tree, newId(), marker, this::newId);
    lane.play = play;
    live++;
    maxLive = Math.max(maxLive, live);
    plays++;
    return play;
  }

  private String newId() {
    return new UUID(ids.nextLong(), ids.nextLong()).toString();
  }

  /** The tree has no stream left: free the lane and, unless the run is stopping, recycle it. */
  void drained(Play play) {
    recycleGuard.drained(play.rootCorrelationId, play.tree.traceId(), play.lane.index);
    live--;
    Lane lane = play.lane;
    lane.play = null;
    boolean recycle = switch (s.stage) {
      case PROFILING -> !s.profiling.stopped();
      case PRESSURE -> true; // parked at offset 0 when the stage is stopping
      default -> false;
    };
    if (recycle) {
      recycle(lane);
    }
  }

  /** A fresh play of the sampler's next trace at turn 0, with a new marker and correlation id. */
  void recycle(Lane lane) {
    SessionTree tree = sampler.next();
    Play play = start(lane, tree);
    StreamRun root = play.stream(tree.root());
    play.active = 1;
    s.timers.scheduleTurn(root, 0, 0, s.clock.nowNanos());
  }

  /** Moves a stream to turn {@code k}: waits for its join, else schedules it after its end-to-start delay. */
  void advance(StreamRun run, int k, long now) {
    ReplayTurn next = run.stream.turns().get(k);
    String join = next.joinBranchId();
    Play.BranchRun branch = join == null ? null : run.play.branches.get(join);
    if (branch != null && branch.pending > 0) {
      run.nextTurn = k;
      run.gatedOn = join;
      s.branches.parentsSuspended++;
      return;
    }
    s.timers.scheduleTurn(run, k, next.delayMs(), now);
  }

  /** Starts every child of a branch at its recorded offset from the spawning turn's start. */
  void spawn(StreamRun parent, ReplayTurn spawnTurn, String branchId, long now) {
    Play play = parent.play;
    Branch branch = play.tree.branches().stream().filter(b -> b.id().equals(branchId)).findFirst().orElse(null);
    if (branch == null || play.branches.containsKey(branchId)) {
      return;
    }
    List<ReplayStream> children = new ArrayList<>();
    for (String id : branch.childSessionIds()) {
      play.tree.children().stream().filter(c -> c.sessionId().equals(id) && !c.turns().isEmpty()).findFirst()
          .ifPresent(children::add);
    }
    Play.BranchRun br = new Play.BranchRun(branch.background() ? 0 : children.size());
    play.branches.put(branchId, br);
    for (ReplayStream child : children) {
      StreamRun c = play.stream(child);
      play.active++;
      s.branches.childrenSpawned++;
      double offsetMs = Math.max(0, child.turns().get(0).timestampMs() - spawnTurn.timestampMs());
      long due = parent.lastStartNs + Math.round(offsetMs * ReplayState.MS);
      if (due < now) {
        s.branches.childrenDelayed++;
      }
      s.timers.scheduleTurn(c, 0, Math.max(0, (due - now) / (double) ReplayState.MS), now);
    }
  }

  /** A stream is done: its JOIN may release its parent; the last stream drains the tree. */
  void finish(StreamRun run, long now) {
    run.finished = true;
    Play play = run.play;
    play.active--;
    if (!run.stream.root()) {
      if (run.erred) {
        s.branches.childrenErrored++;
      } else if (!run.aborted) {
        s.branches.childrenCompleted++;
      }
      Play.BranchRun br = run.stream.branchId() == null ? null : play.branches.get(run.stream.branchId());
      if (br != null && br.pending > 0 && --br.pending == 0) {
        releaseJoin(play, run.stream.branchId(), now);
      }
    }
    if (play.active == 0) {
      drained(play);
    }
  }

  private void releaseJoin(Play play, String branchId, long now) {
    for (StreamRun r : play.streams.values()) {
      if (branchId.equals(r.gatedOn) && !r.finished && !r.aborted) {
        r.gatedOn = null;
        s.branches.parentsResumed++;
        // The join turn keeps its own recorded delay, counted from the later of parent end and last child end (now).
        s.timers.scheduleTurn(r, r.nextTurn, r.stream.turns().get(r.nextTurn).delayMs(), now);
      }
    }
  }

  /** Trees live now. */
  int live() {
    return live;
  }

  /** The most trees ever live at once. */
  int maxLive() {
    return maxLive;
  }

  /** Tree plays started (initial lanes plus recycles). */
  long plays() {
    return plays;
  }

  /** Every cache-bust marker minted. */
  Set<String> markers() {
    return Set.copyOf(markers);
  }
}
