package dev.infermark.agentx.replay;

import java.time.Duration;
import java.util.List;

import dev.infermark.agentx.replay.AgenticReplay.Stage;
import dev.infermark.api.request.RequestError;
import dev.infermark.traces.topology.ReplayStream;

/**
 * Cache-pressure warmup ({@code agentic-cache-warmup-duration} or {@code warmup-requests-per-lane}):
 * after the primers, the live trees go on with no think time and one output token per request;
 * then the issuing stops, the wire drains, and each stream's next turn is handed to profiling at
 * its recorded offset.
 */
final class CachePressure {
  private final ReplayState s;
  private boolean stopping;

  CachePressure(ReplayState s) {
    this.s = s;
  }

  void start() {
    s.enter(Stage.PRESSURE);
    long now = s.clock.nowNanos();
    s.log.accept("agentic replay: cache-pressure warmup "
        + (s.config.warmupRequestsPerLane() != null && s.config.warmupRequestsPerLane() > 0
            ? s.config.warmupRequestsPerLane() + " request(s) per lane"
            : s.config.cacheWarmupDuration().toSeconds() + " s"));
    List<Parked> resume = List.copyOf(s.parked);
    s.parked.clear();
    for (Parked p : resume) {
      s.timers.scheduleTurn(p.run(), p.turn(), p.offsetMs(), now);
    }
    for (Lane lane : s.lanes) {
      if (lane.play != null && lane.play.active == 0) {
        s.trees.drained(lane.play);
      }
    }
    if (s.config.cacheWarmupDuration() != null && !s.config.cacheWarmupDuration().isZero()) {
      s.clock.schedule(s.guarded(this::stop), now + s.config.cacheWarmupDuration().toNanos());
    }
  }

  private void stop() {
    synchronized (s) {
      if (s.stage != Stage.PRESSURE || stopping || s.end.closing()) {
        return;
      }
      stopping = true;
      // Stop issuing: every pending dispatch keeps its profiling offset for the handoff.
      for (Timer t : s.timers.takeAll()) {
        s.parked.add(new Parked(t.run, t.turn, t.profileOffsetMs));
      }
      // The drain is bounded by max(grace, min(D, 300 s)), as in AIPerf, unless a warmup grace period is set.
      Duration bound = s.config.cacheWarmupDuration().compareTo(Duration.ofSeconds(300)) < 0
          ? s.config.cacheWarmupDuration() : Duration.ofSeconds(300);
      if (s.config.gracePeriod().compareTo(bound) > 0) {
        bound = s.config.gracePeriod();
      }
      String knob = "infermark.benchmark-grace-period";
      if (s.config.warmupGracePeriod() != null) {
        bound = s.config.warmupGracePeriod();
        knob = "infermark.agentic-warmup-grace-period";
      }
      long seconds = bound.toSeconds();
      String raise = knob;
      s.clock.schedule(s.guarded(() -> drainExpired(seconds, raise)), s.clock.nowNanos() + bound.toNanos());
      s.timers.afterEvent(null);
    }
  }

  /** The cache-pressure drain ran out: what is still on the wire is cut off (and recorded), then the run fails. */
  private void drainExpired(long seconds, String knob) {
    synchronized (s) {
      if (s.stage == Stage.PRESSURE && s.inFlight > 0 && !s.end.closing()) {
        IllegalStateException e = new IllegalStateException("Accelerated warmup drain timed out before all wire "
            + "requests returned (" + s.inFlight + " still in flight after " + seconds + " s); raise " + knob);
        s.log.accept("agentic replay: " + e.getMessage());
        s.end.close(RequestError.cutOff("cut off at the end of warmup: still in flight when the cache-pressure drain ("
            + seconds + " s, " + knob + ") ran out"), e);
      }
    }
  }

  /** Issuing has stopped: new turns park for the handoff. */
  boolean stopping() {
    return stopping;
  }

  /** The lane sent its {@code warmup-requests-per-lane}. */
  boolean laneFull(Lane lane) {
    Integer n = s.config.warmupRequestsPerLane();
    return n != null && n > 0 && lane.pressureSent >= n;
  }

  /** Nothing in flight or pending: the parked turns hand off to profiling. */
  void handoff() {
    s.log.accept("agentic replay: cache-pressure warmup done; " + s.parked.size()
        + " stream(s) hand off to profiling");
    s.profiling.start(true);
  }

  /** Moves the tree's dataset clock to the recorded end of a turn completed in cache-pressure warmup. */
  static void advanceClock(Play play, ReplayStream stream, int turnIndex) {
    double end = RecordedTimeline.endMs(stream, turnIndex);
    if (Double.isNaN(end)) {
      end = stream.turns().get(turnIndex).timestampMs(); // final turn: its end is not recorded
    }
    if (!Double.isNaN(end) && (Double.isNaN(play.clockMs) || end > play.clockMs)) {
      play.clockMs = end;
    }
  }
}
