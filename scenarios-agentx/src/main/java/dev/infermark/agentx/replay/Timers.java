package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;

import dev.infermark.agentx.replay.AgenticReplay.Stage;

/**
 * The replay's timers: turns due at an instant, one clock wake-up for the earliest, the global and
 * per-tree idle caps ({@code system-idle-gap-cap-seconds}, {@code trace-idle-gap-cap-seconds}), and
 * the stage transitions checked after every event.
 */
final class Timers {
  private final ReplayState s;
  private final PriorityQueue<Timer> queue = new PriorityQueue<>();
  private final long systemCapNs;
  private final long traceCapNs;
  private long seq;
  private long wakeAtNs = Long.MAX_VALUE;
  private long idleJumps;
  private long idleSkippedNs;
  private long traceCapJumps;

  Timers(ReplayState s) {
    this.s = s;
    this.systemCapNs = s.config.systemIdleCap() == null ? Long.MAX_VALUE : s.config.systemIdleCap().toNanos();
    this.traceCapNs = s.config.traceIdleCap() == null ? Long.MAX_VALUE : s.config.traceIdleCap().toNanos();
  }

  /** A new timer for turn {@code turn} of {@code run} at {@code dueNs}, pending. */
  Timer add(long dueNs, StreamRun run, int turn, Timer.Kind kind) {
    Timer t = new Timer(dueNs, run, turn, kind, seq++);
    queue.add(t);
    return t;
  }

  /** Puts back a timer taken off (a turn a barrier released). */
  void add(Timer t) {
    queue.add(t);
  }

  void clear() {
    queue.clear();
  }

  void removeIf(Predicate<Timer> p) {
    queue.removeIf(p);
  }

  /** Every pending timer, removed. */
  List<Timer> takeAll() {
    List<Timer> all = new ArrayList<>(queue);
    queue.clear();
    return all;
  }

  boolean anyFor(Play play) {
    return queue.stream().anyMatch(t -> t.run.play == play);
  }

  /** The idle cap on warmup primer leads (ms), infinite when unset. */
  double capMs() {
    return systemCapNs == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : systemCapNs / (double) ReplayState.MS;
  }

  /** Sends turn {@code turn} of {@code run} after {@code delayMs} from {@code anchorNs}, per the stage's rules. */
  void scheduleTurn(StreamRun run, int turn, double delayMs, long anchorNs) {
    run.nextTurn = turn;
    switch (s.stage) {
      case PROFILING -> {
        if (!s.profiling.stopped()) {
          add(anchorNs + Math.round(delayMs * ReplayState.MS), run, turn, Timer.Kind.TURN);
        }
      }
      case PRESSURE -> {
        if (s.pressure.stopping() || s.pressure.laneFull(run.play.lane)) {
          s.parked.add(new Parked(run, turn, delayMs));
        } else {
          // Accelerated: no think time; the recorded delay is kept for a handoff.
          add(s.clock.nowNanos(), run, turn, Timer.Kind.TURN).profileOffsetMs = delayMs;
        }
      }
      default -> s.parked.add(new Parked(run, turn, delayMs));
    }
  }

  private void tick(long at) {
    List<Outgoing> out;
    synchronized (s) {
      if (at == wakeAtNs) {
        wakeAtNs = Long.MAX_VALUE;
      }
      out = takeDue();
    }
    handOff(out, false);
  }

  /**
   * Books every turn due within the clock's lead as in flight and returns it for sending (the lock
   * held), then checks the caps and arms the next wake-up.
   */
  List<Outgoing> takeDue() {
    List<Outgoing> out = new ArrayList<>();
    if (s.stage == Stage.DONE || s.end.closing()) {
      return out;
    }
    long now = s.clock.nowNanos();
    // due within the clock's lead: handed over now, sent by the client at the due instant
    long horizon = now + s.clock.leadNanos();
    while (!queue.isEmpty() && queue.peek().dueNs <= horizon && !afterWindow(queue.peek())) {
      Timer t = queue.poll();
      if (s.stage == Stage.PROFILING && t.kind == Timer.Kind.TURN && s.barriers.retain(t, now)) {
        continue; // retained, not on the wire: the idle cap below then sees the next dispatchable timer
      }
      out.add(s.dispatch.dispatch(t));
    }
    afterEvent(null);
    return out;
  }

  /**
   * Hands requests to the dispatcher outside the lock, so completions on other threads are not held
   * up by a burst. From a returning record's thread, the first goes to that thread ({@link RequestDispatcher#sendNext}).
   */
  void handOff(List<Outgoing> out, boolean fromReturningThread) {
    for (int i = 0; i < out.size(); i++) {
      Outgoing o = out.get(i);
      try {
        if (i == 0 && fromReturningThread) {
          s.dispatcher.sendNext(o);
        } else {
          s.dispatcher.send(o);
        }
      } catch (RuntimeException e) {
        // A broken dispatcher (or prompt): the run fails; this request gets its failed record, the rest were never sent.
        s.end.fail(e);
        o.done().accept(o.failed(e, s.clock.nowNanos()));
        out.subList(i + 1, out.size()).forEach(s.dispatch::unsent);
        return;
      }
    }
  }

  /** A turn due when profiling will have stopped: it stays here until the stop drops it. */
  private boolean afterWindow(Timer t) {
    return s.stage == Stage.PROFILING && s.profiling.endsBefore(t.dueNs);
  }

  private void ensureWake() {
    Timer head = queue.peek();
    if (head != null && head.dueNs < wakeAtNs && s.stage != Stage.DONE && !afterWindow(head)) {
      long at = head.dueNs;
      wakeAtNs = at;
      s.clock.schedule(s.guarded(() -> tick(at)), at - s.clock.leadNanos());
    }
  }

  /** Checks the idle caps and the stage transitions after any change, then arms the next wake-up. */
  void afterEvent(Play touched) {
    if (s.stage == Stage.PROFILING && !s.profiling.stopped()) {
      long now = s.clock.nowNanos();
      if (traceCapNs != Long.MAX_VALUE && touched != null && touched.inFlight == 0) {
        capTree(touched, now);
      }
      if (s.inFlight == 0 && !queue.isEmpty()) {
        long shift = queue.peek().dueNs - (now + systemCapNs);
        if (systemCapNs != Long.MAX_VALUE && shift > 0) {
          shift(null, shift);
          idleJumps++;
          idleSkippedNs += shift;
        }
      }
    }
    if (s.stage == Stage.PRESSURE && s.inFlight == 0 && queue.isEmpty()) {
      s.pressure.handoff();
    }
    if (s.stage == Stage.PROFILING && s.profiling.stopped() && s.inFlight == 0) {
      s.end.close(null, null);
    }
    ensureWake();
  }

  /** Per-tree idle cap: a tree with nothing in flight has its next timer at most {@code cap} away. */
  private void capTree(Play play, long now) {
    long earliest = Long.MAX_VALUE;
    for (Timer t : queue) {
      if (t.run.play == play) {
        earliest = Math.min(earliest, t.dueNs);
      }
    }
    long shift = earliest == Long.MAX_VALUE ? 0 : earliest - (now + traceCapNs);
    if (shift > 0) {
      shift(play, shift);
      traceCapJumps++;
    }
  }

  /** Moves pending timers (all, or one tree's) earlier by {@code shiftNs}, keeping their spacing. */
  private void shift(Play only, long shiftNs) {
    for (Timer t : takeAll()) {
      if (only == null || t.run.play == only) {
        t.dueNs -= shiftNs;
      }
      queue.add(t);
    }
  }

  /** Pending timer instants, earliest first. */
  List<Long> pendingDueNs() {
    return queue.stream().map(t -> t.dueNs).sorted().toList();
  }

  long idleJumps() {
    return idleJumps;
  }

  long idleSkippedNs() {
    return idleSkippedNs;
  }

  long traceCapJumps() {
    return traceCapJumps;
  }
}
