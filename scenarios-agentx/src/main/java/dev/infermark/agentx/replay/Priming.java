package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.agentx.replay.AgenticReplay.Stage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * The start of a run (spec §3.3–3.5): lanes get their trees, each tree its t* snapshot (or, for a
 * timestamp-less trace, the legacy start turn), and every live stream one one-token primer sent on
 * the warmup ramp. A failed root primer aborts the run; so does one still out when
 * {@code agentic-warmup-grace-period} runs out.
 */
final class Priming {
  private record Primer(StreamRun run, int turn, double leadMs) {}

  private final ReplayState s;
  private final List<String> failures = new ArrayList<>();
  private final List<String> overflows = new ArrayList<>();
  private int outstanding;
  private long cancelled;

  Priming(ReplayState s) {
    this.s = s;
  }

  /** Assigns lanes, takes the t* snapshots and sends the warmup primers. */
  void start() {
    long now = s.clock.nowNanos();
    List<Primer> primers = new ArrayList<>();
    StringBuilder summary = new StringBuilder();
    int own = 0;
    // Every lane of the whole run draws its tree in order; a shard plays its own and only notes the others'.
    for (int i = 0; i < s.config.concurrency(); i++) {
      SessionTree tree = s.trees.next();
      boolean legacy = LegacyStart.timestampLess(tree);
      // Timestamp-less traces have no t*: the legacy k_i start (§3.3); tStar stays NaN (no tree clock).
      int k = legacy ? LegacyStart.turnIndex(tree.root().turns().size(), s.config.seed(), tree.traceId(), i,
          s.config.startMinRatio(), s.config.startMaxRatio()) : -1;
      double tStar = legacy ? Double.NaN
          : StartInstant.sample(tree, i, s.config.seed(), s.config.startMinRatio(), s.config.startMaxRatio());
      TreeSnapshot snap = legacy ? TreeSnapshot.legacy(tree, k) : TreeSnapshot.at(tree, tStar);
      if (!s.shard.owns(i)) {
        playedElsewhere(i, tree, tStar, snap);
        continue;
      }
      Lane lane = new Lane(i);
      s.lanes[own++] = lane;
      Play play = s.trees.start(lane, tree);
      play.clockMs = tStar;
      snap.pendingChildren().forEach((branch, n) -> play.branches.put(branch, new Play.BranchRun(n)));
      for (TreeSnapshot.StreamStart st : snap.streams()) {
        StreamRun run = play.stream(st.stream());
        run.nextTurn = st.nextTurnIndex();
        run.completedThrough = st.nextTurnIndex() - 1; // turns before t* count as done (primed)
        play.active++;
        if (st.gatedOnBranch() != null) {
          run.gatedOn = st.gatedOnBranch();
          s.branches.parentsSuspended++;
        } else {
          s.parked.add(new Parked(run, st.nextTurnIndex(), st.offsetMs()));
        }
        if (st.primed()) {
          ReplayTurn warm = st.stream().turns().get(st.warmupTurnIndex());
          run.primerPending = true;
          // Unknown timestamps give a NaN lead: the primer fires at 0.
          primers.add(new Primer(run, st.warmupTurnIndex(), Math.min(tStar - warm.timestampMs(), s.timers.capMs())));
        }
      }
      summary.append(legacy
          ? String.format(" lane %d: %s k_i=%d (timestamp-less) root_next=%d/%d live=%d", i, tree.traceId(), k,
              rootNext(snap), tree.root().turns().size(), snap.streams().size())
          : String.format(" lane %d: %s sample_time=%3.0f%% root_next=%d/%d live=%d", i, tree.traceId(),
              100 * position(tree, tStar), rootNext(snap), tree.root().turns().size(), snap.streams().size()));
    }
    int pool = s.trees.poolSize();
    if (!s.config.cacheBust() && s.lanes.length > pool) {
      s.log.accept("agentic replay: WARNING " + s.lanes.length + " lanes share " + pool + " trace(s) without a "
          + "cache-bust marker: wrapped lanes send identical prefixes");
    }
    s.log.accept("agentic replay: " + s.lanes.length + " lane(s)" + (s.shard.sharded() ? " of " + s.config.concurrency()
        + " (shard " + s.shard.index() + " of " + s.shard.count() + ")" : "") + " over " + pool + " trace(s);"
        + (s.lanes.length <= 8 ? summary.toString() : " " + primers.size() + " primer(s)"));
    List<Double> leads = new ArrayList<>(primers.stream().map(Primer::leadMs).toList());
    leads.addAll(s.foreignLeadsMs); // the whole run's ramp; this shard sends its own primers on it
    List<Double> offsets = WarmupRamp.offsetsMs(leads, s.timers.capMs(), s.config.burstPhaseStarts())
        .subList(0, primers.size());
    s.enter(Stage.PRIMING);
    outstanding = primers.size();
    for (int i = 0; i < primers.size(); i++) {
      Primer p = primers.get(i);
      s.timers.add(now + Math.round(offsets.get(i) * ReplayState.MS), p.run, p.turn, Timer.Kind.PRIMER);
    }
    if (primers.isEmpty()) {
      afterPrimers();
    } else if (s.config.warmupGracePeriod() != null) {
      // Counted from the end of the ramp (the last primer sent), like benchmark-grace-period after the duration.
      double rampMs = offsets.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      s.clock.schedule(s.guarded(this::graceExpired),
          now + Math.round(rampMs * ReplayState.MS) + s.config.warmupGracePeriod().toNanos());
    }
    s.timers.afterEvent(null);
  }

  /** Another shard's lane: its marker pass, primer leads and first profiling offsets, as it computes them. */
  private void playedElsewhere(int lane, SessionTree tree, double tStar, TreeSnapshot snap) {
    s.trees.playedElsewhere(tree);
    for (TreeSnapshot.StreamStart st : snap.streams()) {
      if (st.gatedOnBranch() == null) {
        s.foreignOffsetsMs.add(st.offsetMs());
        s.foreignOffsetLanes.add(lane);
      }
      if (st.primed()) {
        ReplayTurn warm = st.stream().turns().get(st.warmupTurnIndex());
        s.foreignLeadsMs.add(Math.min(tStar - warm.timestampMs(), s.timers.capMs()));
      }
    }
  }

  private static double position(SessionTree tree, double tStar) {
    double[] span = StartInstant.span(tree);
    return span[1] > span[0] ? (tStar - span[0]) / (span[1] - span[0]) : 0;
  }

  private static int rootNext(TreeSnapshot snap) {
    return snap.streams().stream().filter(st -> st.stream().root())
        .mapToInt(TreeSnapshot.StreamStart::nextTurnIndex).findFirst().orElse(-1);
  }

  /** A primer came back: a failed root primer (overflow included, as the seed says) aborts the run. */
  void returned(StreamRun run, RequestRecord record) {
    s.end.keep(record);
    run.primerPending = false;
    outstanding--;
    if (!record.ok() && run.stream.agentDepth() == 0) {
      // Profiling would start on a degraded pool.
      String trace = run.play.tree.traceId();
      failures.add(trace);
      if (record.error().kind() == ErrorKind.CONTEXT_OVERFLOW) {
        overflows.add(trace);
      }
      s.log.accept("agentic replay: warmup failed for trace " + trace + " (" + record.error().message()
          + "); aborting run early");
      s.cancelled = true;
      s.end.close(EndOfRun.aborted("warmup failed for trace " + trace), null);
      return;
    }
    if (outstanding == 0) {
      afterPrimers();
    }
    s.timers.afterEvent(null);
  }

  /**
   * {@code agentic-warmup-grace-period} ran out with primers still out: they are cancelled (those
   * on the wire are aborted and recorded as cut off when they come back) and count as terminal
   * warmup failures (§3.5): a root primer among them aborts the run as cancelled, naming every
   * such trace; sub-agent primers do not, and warmup goes on without them.
   */
  private void graceExpired() {
    synchronized (s) {
      if (s.stage != Stage.PRIMING || outstanding == 0 || s.end.closing()) {
        return;
      }
      String grace = s.config.warmupGracePeriod().toMillis() / 1000.0 + " s";
      RequestError cut = RequestError.cutOff("cut off at the end of warmup: still in flight when "
          + "agentic-warmup-grace-period (" + grace + ") ran out");
      for (Wire w : List.copyOf(s.wires.values())) {
        if (w.kind == Timer.Kind.PRIMER && !w.bookedOff) {
          // Booked off now (warmup goes on without it); its record still comes, and is kept.
          w.bookedOff = true;
          w.run.onWire = false;
          s.inFlight--;
          w.run.play.inFlight--;
          w.abort(cut);
        }
      }
      List<String> roots = new ArrayList<>();
      int cancelledChildren = 0;
      for (Lane lane : s.lanes) {
        if (lane.play == null) {
          continue;
        }
        for (StreamRun run : lane.play.streams.values()) {
          if (!run.primerPending) {
            continue;
          }
          run.primerPending = false;
          cancelled++;
          if (run.stream.agentDepth() == 0) {
            if (!roots.contains(lane.play.tree.traceId())) {
              roots.add(lane.play.tree.traceId());
            }
          } else {
            cancelledChildren++;
          }
        }
      }
      s.timers.removeIf(t -> t.kind == Timer.Kind.PRIMER); // not sent yet: cancelled too
      outstanding = 0;
      if (!roots.isEmpty()) {
        failures.addAll(roots);
        s.log.accept("agentic replay: WARNING warmup grace period (" + grace + ") expired; " + cancelled
            + " primer(s) cancelled, root trace(s) " + String.join(", ", roots) + " not primed; aborting run early");
        s.cancelled = true;
        s.end.close(EndOfRun.aborted("warmup failed (root primer(s) of " + String.join(", ", roots)
            + " not primed in time)"), null);
        return;
      }
      s.log.accept("agentic replay: WARNING warmup grace period (" + grace + ") expired; " + cancelledChildren
          + " sub-agent primer(s) cancelled; warmup goes on");
      afterPrimers();
      s.timers.afterEvent(null);
    }
  }

  private void afterPrimers() {
    if (s.config.pressureWarmup()) {
      s.pressure.start();
    } else {
      s.profiling.start(false);
    }
  }

  /** Root traces whose primer failed or was not primed in time (the run was aborted). */
  List<String> failures() {
    return List.copyOf(failures);
  }

  /** Those of {@link #failures} whose primer the server rejected as a context overflow. */
  List<String> overflows() {
    return List.copyOf(overflows);
  }

  /** Primers cancelled because {@code agentic-warmup-grace-period} ran out. */
  long cancelled() {
    return cancelled;
  }
}
