package dev.infermark.agentx.replay;

/**
 * Cross-stream replay barriers (spec §3.8 rule 6): a profiling turn waits while another live
 * stream of its tree has a turn not yet completed whose recorded interval ended at or before this
 * turn's recorded start.
 */
final class Barriers {
  private final ReplayState s;
  private long holds;

  Barriers(ReplayState s) {
    this.s = s;
  }

  /** Keeps a due turn off the wire while its barrier holds; returns whether it was retained. */
  boolean retain(Timer t, long now) {
    if (t.unbarred || !held(t.run, t.turn)) {
      return false;
    }
    t.run.play.retained.add(t);
    holds++;
    unstick(t.run.play, now);
    return true;
  }

  /** Whether turn {@code turn} of {@code run} must wait for another stream of its tree. */
  private static boolean held(StreamRun run, int turn) {
    double startMs = run.stream.turns().get(turn).timestampMs();
    if (Double.isNaN(startMs)) {
      return false;
    }
    for (StreamRun other : run.play.streams.values()) {
      if (other != run && !other.finished && !other.aborted
          && RecordedTimeline.mustPrecede(other.stream, other.completedThrough + 1, startMs)) {
        return true;
      }
    }
    return false;
  }

  /** Sends every retained turn of {@code play} whose barrier has cleared, now. */
  void releaseRetained(Play play, long now) {
    if (play.retained.isEmpty() || s.profiling.stopped() || s.stage != AgenticReplay.Stage.PROFILING) {
      return;
    }
    for (var it = play.retained.iterator(); it.hasNext();) {
      Timer t = it.next();
      if (t.run.aborted || t.run.finished) {
        it.remove();
      } else if (!held(t.run, t.turn)) {
        it.remove();
        t.dueNs = now; // lateness is measured from the release, not the recorded instant
        s.timers.add(t);
      }
    }
    unstick(play, now);
  }

  /**
   * Safety net: barriers only wait on completions inside the tree, so a tree with nothing in flight
   * or pending and only retained turns could never move (inconsistent recorded times). Then the
   * earliest retained turn goes, with a warning, rather than stalling the lane.
   */
  private void unstick(Play play, long now) {
    if (play.inFlight > 0 || play.retained.isEmpty() || s.timers.anyFor(play)) {
      return;
    }
    Timer first = play.retained.stream().min(Timer::compareTo).orElseThrow();
    play.retained.remove(first);
    s.log.accept("agentic replay: WARNING replay barrier in tree " + play.tree.traceId() + " cannot clear (recorded "
        + "times inconsistent); sending " + first.run.stream.sessionId() + " turn " + first.turn);
    first.dueNs = now;
    first.unbarred = true;
    s.timers.add(first);
  }

  /** Turns retained by a barrier instead of leaving at their timer. */
  long holds() {
    return holds;
  }
}
