package dev.infermark.agentx.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.agentx.replay.AgenticReplay.Stage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;

/**
 * Dispatch and completion: a due timer becomes a request on the wire (booked as in flight, tagged
 * with its trace, stream and turn), and each record that comes back moves its stream on per the
 * stage's rules.
 */
final class Dispatch {
  private final ReplayState s;
  private long wireSeq;
  private long skippedOverflows;

  Dispatch(ReplayState s) {
    this.s = s;
  }

  /** Books the request as in flight and returns it for sending. */
  Outgoing dispatch(Timer t) {
    StreamRun run = t.run;
    Play play = run.play;
    ReplayTurn turn = run.stream.turns().get(t.turn);
    Phase phase = s.stage == Stage.PROFILING ? Phase.PROFILING : Phase.WARMUP;
    boolean oneToken = phase == Phase.WARMUP;
    // a trace row without an output length (-1) asks for none
    Integer maxTokens = oneToken ? Integer.valueOf(1) : turn.maxTokens() < 0 ? null : Integer.valueOf(turn.maxTokens());
    long now = s.clock.nowNanos();
    s.inFlight++;
    play.inFlight++;
    run.onWire = true;
    run.lastStartNs = Math.max(now, t.dueNs); // handed over up to the clock's lead early; it leaves at its due instant
    if (s.stage == Stage.PRESSURE) {
      play.lane.pressureSent++;
    }
    RequestTags tags = tags(run, t.turn, phase);
    long due = t.dueNs;
    ReplayStream stream = run.stream;
    String marker = play.marker;
    String model = turn.model();
    long id = wireSeq++;
    // With several infermark.urls a lane keeps one: every request of its session trees meets their cache there.
    String affinity = "lane-" + play.lane.index;
    Outgoing out = new Outgoing(phase, tags, due,
        () -> new InferenceRequest(phase, tags, CacheBust.apply(s.prompts.messages(stream, t.turn), marker), null,
            model, maxTokens, s.prompts.body(stream, t.turn), false, due, affinity),
        r -> s.guarded(() -> s.timers.handOff(complete(id, r), true)).run());
    s.wires.put(id, new Wire(out, run, t.turn, t.kind));
    return out;
  }

  private static RequestTags tags(StreamRun run, int turnIndex, Phase phase) {
    Play play = run.play;
    ReplayTurn turn = run.stream.turns().get(turnIndex);
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("source_trace_id", play.tree.traceId());
    extra.put("source_outer_idx", turn.sourceOuterIndex());
    extra.put("source_inner_idx", turn.sourceInnerIndex());
    extra.put("source_kind", run.stream.root() ? "root" : "child");
    extra.put("phase_name", phase == Phase.WARMUP ? "agentic.warmup" : "profiling");
    extra.put("num_turns", run.stream.turns().size());
    extra.put("context_overflow_skip", false);
    if (play.marker != null) {
      extra.put("cache_bust_marker", play.marker);
      extra.put("cache_bust_target", CacheBust.TARGET);
    }
    return new RequestTags(run.stream.sessionId(), run.correlationId, turnIndex, play.rootCorrelationId,
        run.parentCorrelationId, play.lane.index, run.stream.agentDepth(), extra);
  }

  /** Forgets a request booked for sending that never left (the run failed first). */
  void unsent(Outgoing o) {
    synchronized (s) {
      for (var it = s.wires.values().iterator(); it.hasNext();) {
        Wire w = it.next();
        if (w.out == o) {
          it.remove();
          s.inFlight--;
          w.run.play.inFlight--;
          w.run.onWire = false;
        }
      }
      s.end.maybeFinish();
    }
  }

  /**
   * Takes a returned record; returns the turns it made due now when the dispatcher can send them from
   * this (the returning) thread, else none (the clock's wake-up sends them).
   */
  private List<Outgoing> complete(long id, RequestRecord returned) {
    synchronized (s) {
      completeLocked(id, returned);
      return s.dispatcher.sendsFromReturningThread() ? s.timers.takeDue() : List.of();
    }
  }

  private void completeLocked(long id, RequestRecord returned) {
    Wire w = s.wires.remove(id);
    if (w == null) {
      // Given a record of its own when it did not return in time after an abort: exactly one record per request.
      s.log.accept("agentic replay: discarded the late record of an aborted request ("
          + returned.tags().conversationId() + " turn " + returned.tags().turnIndex() + ")");
      return;
    }
    RequestRecord record = w.abortedAs == null ? returned : returned.abortedBecause(w.abortedAs);
    if (w.bookedOff) {
      s.end.keep(record); // a primer the warmup grace period cut off: warmup already went on without it
      s.end.maybeFinish();
      return;
    }
    StreamRun run = w.run;
    s.inFlight--;
    run.play.inFlight--;
    run.onWire = false;
    long now = s.clock.nowNanos();
    run.lastEndNs = now;
    boolean overflow = !record.ok() && record.error().kind() == ErrorKind.CONTEXT_OVERFLOW;
    if (s.end.closing()) {
      // The run is ending: record what came back, start nothing.
      if (overflow && w.kind == Timer.Kind.TURN && s.stage == Stage.PROFILING) {
        skippedOverflows++;
      } else {
        s.end.keep(record);
      }
      s.end.maybeFinish();
    } else if (w.kind == Timer.Kind.PRIMER) {
      s.priming.returned(run, record);
    } else {
      turnReturned(run, w.turn, record, overflow, now);
    }
  }

  private void turnReturned(StreamRun run, int turnIndex, RequestRecord record, boolean overflow, long now) {
    Play play = run.play;
    if (overflow && s.stage == Stage.PROFILING) {
      // Skip path: kept out of metrics, error counts and the JSONL; counted for the 1 % check.
      skippedOverflows++;
    } else {
      s.end.keep(record);
    }
    run.completedThrough = Math.max(run.completedThrough, turnIndex);
    if (s.stage == Stage.PRESSURE) {
      CachePressure.advanceClock(play, run.stream, turnIndex);
    }
    if (!record.ok()) {
      run.erred = true;
    }
    if (s.stage == Stage.PROFILING && !overflow && s.profiling.countTowardThreshold(record)) {
      return;
    }
    if (run.aborted) {
      // Fail-fast stopped this stream while the request was on the wire.
      s.trees.finish(run, now);
    } else if (!record.ok() && !overflow && !run.stream.root() && s.config.dagFailFast()) {
      s.profiling.failFast(run, now);
    } else {
      next(run, turnIndex, overflow, now);
    }
    s.barriers.releaseRetained(play, now);
    s.timers.afterEvent(play);
  }

  /** Spawns the turn's children and moves the stream on, or ends it (last turn, or a context overflow). */
  private void next(StreamRun run, int turnIndex, boolean overflow, long now) {
    ReplayTurn turn = run.stream.turns().get(turnIndex);
    boolean last = turnIndex == run.stream.turns().size() - 1;
    if (!overflow) {
      for (String branchId : turn.spawnBranchIds()) {
        s.trees.spawn(run, turn, branchId, now);
      }
    }
    if (last || overflow) {
      if (overflow && !last) {
        s.log.accept("agentic replay: terminating trajectory " + run.stream.sessionId() + " early at turn "
            + turnIndex + "/" + run.stream.turns().size() + ": context-overflow error from server");
        if (!run.stream.root()) {
          s.branches.childrenTruncated++;
        }
      }
      s.trees.finish(run, now);
    } else {
      s.trees.advance(run, turnIndex + 1, now);
    }
  }

  /** Overflow responses in profiling that took the skip path. */
  long skippedOverflows() {
    return skippedOverflows;
  }
}
