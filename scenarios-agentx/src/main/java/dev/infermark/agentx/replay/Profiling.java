package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.agentx.replay.AgenticReplay.Stage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * Profiling (spec §3.6–3.8): the streams resume at their recorded offsets (aligned per lane), run
 * for {@code benchmark-duration}, then drain for {@code benchmark-grace-period}; on the way,
 * {@code failed-request-threshold} and DAG fail-fast ({@code agentx-dag-fail-fast}) may stop the run
 * or a subtree.
 */
final class Profiling {
  private final ReplayState s;
  private boolean stopped;
  private long phaseStartNs = -1;
  private long completed;
  private long failed;
  private String abortReason;

  Profiling(ReplayState s) {
    this.s = s;
  }

  /** Starts profiling; {@code handoff}: the turns come from cache-pressure warmup, on their trees' clocks. */
  void start(boolean handoff) {
    long now = s.clock.nowNanos();
    if (s.profileNotBeforeNs > now) {
      // start-at: every shard starts measuring at the same instant; the turns stay parked until then.
      s.log.accept("agentic replay: profiling waits " + (s.profileNotBeforeNs - now) / ReplayState.MS
          + " ms for start-at");
      s.clock.schedule(s.guarded(() -> deferredStart(handoff)), s.profileNotBeforeNs);
      return;
    }
    s.enter(Stage.PROFILING);
    phaseStartNs = now;
    List<Parked> entries = List.copyOf(s.parked);
    s.parked.clear();
    List<Double> pending = entries.stream().map(p -> handoff ? handoffOffsetMs(p) : p.offsetMs()).toList();
    List<Integer> lanes = new ArrayList<>(entries.stream().map(p -> p.run().play.lane.index).toList());
    if (!handoff) {
      // The whole run's alignment (the other shards' first offsets too); a handoff's depends on each shard's warmup.
      pending = new ArrayList<>(pending);
      pending.addAll(s.foreignOffsetsMs);
      lanes.addAll(s.foreignOffsetLanes);
    }
    List<Double> offsets = StartAlignment.alignMs(pending, lanes, s.config.burstPhaseStarts());
    for (int i = 0; i < entries.size(); i++) {
      Parked p = entries.get(i);
      s.timers.add(now + Math.round(offsets.get(i) * ReplayState.MS), p.run(), p.turn(), Timer.Kind.TURN);
    }
    s.log.accept("agentic replay: profiling for " + s.config.benchmarkDuration().toSeconds() + " s, "
        + entries.size() + " stream(s) resume");
    s.clock.schedule(s.guarded(this::stop), now + s.config.benchmarkDuration().toNanos());
    for (Lane lane : s.lanes) {
      if (lane.play == null || lane.play.active == 0) {
        // Nothing left of this tree after t* (or after the warmup handoff): a fresh root at turn 0.
        if (lane.play != null) {
          s.trees.drained(lane.play);
        } else {
          s.trees.recycle(lane);
        }
      }
    }
  }

  private void deferredStart(boolean handoff) {
    synchronized (s) {
      if (s.stage == Stage.PROFILING || s.stage == Stage.DONE || s.end.closing()) {
        return;
      }
      s.profileNotBeforeNs = Long.MIN_VALUE;
      start(handoff);
      s.timers.afterEvent(null);
    }
  }

  /** A handed-off stream's next turn on its tree's dataset clock (§3.6), before the global alignment. */
  private static double handoffOffsetMs(Parked p) {
    StreamRun run = p.run();
    List<ReplayTurn> turns = run.stream.turns();
    ReplayTurn next = turns.get(p.turn());
    if (!Double.isNaN(run.play.clockMs) || p.turn() == 0) {
      return HandoffDelay.onTreeClockMs(next.timestampMs(), run.play.clockMs, p.offsetMs());
    }
    ReplayTurn prev = turns.get(p.turn() - 1);
    double apiPrev = RecordedTimeline.endMs(run.stream, p.turn() - 1) - prev.timestampMs();
    return HandoffDelay.fromStreamTimestampsMs(next.timestampMs(), prev.timestampMs(), apiPrev, 0, p.offsetMs());
  }

  private void stop() {
    synchronized (s) {
      if (s.stage != Stage.PROFILING || stopped || s.end.closing()) {
        return;
      }
      stopped = true;
      s.timers.clear();
      s.log.accept("agentic replay: duration reached; draining " + s.inFlight + " in-flight request(s); idle cap "
          + "jumps=" + s.timers.idleJumps() + " skipped=" + String.format("%.1f", s.timers.idleSkippedNs() / 1e9) + "s");
      if (s.inFlight == 0) {
        s.end.close(null, null);
      } else {
        s.graceListener.run();
        s.clock.schedule(s.guarded(this::graceExpired), s.clock.nowNanos() + s.config.gracePeriod().toNanos());
      }
    }
  }

  /** {@code benchmark-grace-period} ran out: every request still out is cut off, and recorded as such. */
  private void graceExpired() {
    synchronized (s) {
      if (s.stage != Stage.DONE && !s.end.closing()) {
        String grace = s.config.gracePeriod().toMillis() / 1000.0 + " s";
        s.log.accept("agentic replay: grace period (" + grace + ") over, " + s.inFlight + " request(s) still in "
            + "flight are cut off");
        s.end.close(RequestError.cutOff("cut off at the end of the run: still in flight when benchmark-grace-period ("
            + grace + ") ran out"), null);
      }
    }
  }

  /**
   * Counts a profiling completion (overflows are not passed in) for {@code failed-request-threshold}
   * and aborts the run, stamped cancelled, once the error fraction exceeds it after at least
   * {@code max(concurrency, 10)} completions. Returns whether the run was aborted. A request the
   * run's cancel aborted says nothing about the server and is not counted.
   */
  boolean countTowardThreshold(RequestRecord record) {
    if (!record.ok() && record.error().kind() == ErrorKind.CANCELLED) {
      return false;
    }
    completed++;
    if (!record.ok()) {
      failed++;
    }
    Double f = s.config.failedRequestThreshold();
    if (f == null || completed < Math.max(s.config.concurrency(), 10) || failed / (double) completed <= f) {
      return false;
    }
    abortReason = String.format(Locale.ROOT, "failed-request-threshold exceeded: %d of %d profiling requests failed "
        + "(%.4f > %s)", failed, completed, failed / (double) completed, f);
    s.log.accept("agentic replay: " + abortReason + "; aborting run");
    s.cancelled = true;
    s.end.close(EndOfRun.aborted(abortReason), null);
    return true;
  }

  /**
   * DAG fail-fast (§3.8 rule 7, {@code agentx-dag-fail-fast}): a failed child request aborts its
   * parent session and every other descendant of that parent (the orphaned siblings and their
   * children). Streams on the wire finish when their response returns; nothing new is sent for them.
   * An aborted parent that is itself a child counts as an errored child of its own parent and
   * releases that join (the abort does not cascade further up).
   */
  void failFast(StreamRun child, long now) {
    Play play = child.play;
    String parentId = child.stream.parentSessionId();
    StreamRun parent = parentId == null ? null : play.streams.get(parentId);
    List<StreamRun> victims = new ArrayList<>();
    if (parent != null && !parent.finished && !parent.aborted) {
      s.branches.parentsFailedDueToChildError++;
      Play.BranchRun branch = child.stream.branchId() == null ? null : play.branches.get(child.stream.branchId());
      if (branch != null && branch.pending > 0) {
        s.branches.joinsSuppressed++;
      }
      parent.erred = true;
      victims.add(parent);
    }
    for (StreamRun r : play.streams.values()) {
      if (!r.finished && !r.aborted && descendsFrom(play.tree, r.stream, parentId)) {
        victims.add(r);
      }
    }
    s.log.accept("agentic replay: child " + child.stream.sessionId() + " failed; fail-fast aborts "
        + (parent != null ? "parent " + parentId + " and " : "") + (victims.size() - (parent != null ? 1 : 0))
        + " stream(s) under it");
    for (StreamRun v : victims) {
      v.aborted = true;
      v.gatedOn = null;
    }
    s.timers.removeIf(t -> t.run.aborted);
    s.parked.removeIf(p -> p.run().aborted);
    play.retained.removeIf(t -> t.run.aborted);
    for (StreamRun v : victims) {
      if (!v.onWire && !v.finished) {
        s.trees.finish(v, now);
      }
    }
  }

  private static boolean descendsFrom(SessionTree tree, ReplayStream r, String ancestorId) {
    String p = r.parentSessionId();
    for (int depth = 0; p != null && depth < 1_000; depth++) {
      if (p.equals(ancestorId)) {
        return true;
      }
      String id = p;
      p = tree.children().stream().filter(c -> c.sessionId().equals(id)).map(ReplayStream::parentSessionId)
          .findFirst().orElse(null);
    }
    return false;
  }

  /** The duration is reached: nothing new is sent, the wire drains. */
  boolean stopped() {
    return stopped;
  }

  /**
   * Whether an instant is at or after the end of {@code benchmark-duration}: a turn due then is
   * never sent, though the clock's lead would hand it over before the end.
   */
  boolean endsBefore(long dueNs) {
    return phaseStartNs >= 0 && dueNs - phaseStartNs >= s.config.benchmarkDuration().toNanos();
  }

  /** {@code System.nanoTime()} of the profiling start, or -1 before it. */
  long phaseStartNs() {
    return phaseStartNs;
  }

  /** Why the run aborted itself ({@code failed-request-threshold}), or {@code null}. */
  String abortReason() {
    return abortReason;
  }
}
