package dev.infermark.agentx.replay;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.infermark.agentx.replay.AgenticReplay.Stage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;

/**
 * The end of a run, whatever ends it (grace period over, cancel, abort, internal error): nothing
 * more is sent, every request still out is aborted through the dispatcher, and the run finishes
 * only once each has come back and been recorded, saying why it was aborted (cut off at the end of
 * the run, or cancelled). A record that does not come back within {@link #CLOSE_WAIT_NS} is made
 * from the scheduler's own times instead. Every record passes through {@link #keep}.
 */
final class EndOfRun {
  /** How long the end of a run waits for the records of the requests it aborted. */
  static final long CLOSE_WAIT_NS = 10_000 * ReplayState.MS;
  static final RequestError CANCELLED = new RequestError(ErrorKind.CANCELLED, 0, "Cancelled",
      "the run was cancelled while the request was in flight", null);

  private final ReplayState s;
  private final CompletableFuture<Void> finished = new CompletableFuture<>();
  /** The run is ending: nothing more is sent; it finishes once every request out has its record. */
  private boolean closing;
  private Throwable failure;
  private long cutOff;
  private long cancelledInFlight;
  private long notReturned;

  EndOfRun(ReplayState s) {
    this.s = s;
  }

  /** The error of a request in flight when the run aborted itself (warmup failure, threshold, internal error). */
  static RequestError aborted(String why) {
    return new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the run was aborted while the request was in "
        + "flight: " + why, null);
  }

  /**
   * Ends the run: nothing more is sent, every request still out is aborted (its record will say
   * {@code why}; {@code null} when none is left to abort but cut-off primers may still be coming back),
   * and the run finishes once each record came back, failing with {@code failure} when given.
   */
  void close(RequestError why, Throwable failure) {
    if (failure != null && this.failure == null) {
      this.failure = failure;
    }
    if (s.stage == Stage.DONE) {
      return;
    }
    if (!closing) {
      closing = true;
      s.timers.clear();
      s.parked.clear();
      if (!s.wires.isEmpty()) {
        s.clock.schedule(s.guarded(this::closeWaitExpired), s.clock.nowNanos() + CLOSE_WAIT_NS);
      }
    }
    if (why != null) {
      for (Wire w : List.copyOf(s.wires.values())) {
        w.abort(why);
      }
    }
    maybeFinish();
  }

  /**
   * Records whose request was aborted but did not come back within {@link #CLOSE_WAIT_NS} (a
   * client that ignores the abort): each gets a record from the scheduler's own times (no
   * response times), and its own record, should it come later, is discarded.
   */
  private void closeWaitExpired() {
    synchronized (s) {
      if (s.stage == Stage.DONE || s.wires.isEmpty()) {
        return;
      }
      long now = s.clock.nowNanos();
      s.log.accept("agentic replay: WARNING " + s.wires.size() + " aborted request(s) did not return within "
          + CLOSE_WAIT_NS / 1_000_000_000 + " s; recorded without response times");
      for (Wire w : s.wires.values()) {
        RequestError e = w.abortedAs != null ? w.abortedAs : CANCELLED;
        notReturned++;
        keep(w.out.withError(new RequestError(e.kind(), e.code(), e.type(), e.message() + " (the aborted request "
            + "did not return within " + CLOSE_WAIT_NS / 1_000_000_000 + " s)", null), now));
      }
      s.wires.clear();
      maybeFinish();
    }
  }

  /**
   * Finishes the run once it is closing and every request out has its record; {@link #finished}
   * completes when those records have reached the sink ({@link ReplayState#deliver}).
   */
  void maybeFinish() {
    if (closing && s.wires.isEmpty() && s.stage != Stage.DONE) {
      s.enter(Stage.DONE);
      s.timers.clear();
    }
  }

  /** Completes {@link #finished} once the run is done and its records delivered (under the lock). */
  void completeIfFinished() {
    if (s.stage == Stage.DONE && closing && !finished.isDone()) {
      if (failure != null) {
        finished.completeExceptionally(failure);
      } else {
        finished.complete(null);
      }
    }
  }

  /** Hands a record to the sink (once the lock is let go), counting the requests aborted at the end of the run. */
  void keep(RequestRecord record) {
    if (record.error() != null && record.error().kind() == ErrorKind.CANCELLED) {
      if (record.error().isCutOff()) {
        cutOff++;
      } else {
        cancelledInFlight++;
      }
    }
    s.keep(record);
  }

  /** An internal error: the run stops and fails with it. */
  void fail(Throwable e) {
    synchronized (s) {
      if (s.stage != Stage.DONE) {
        s.log.accept("agentic replay: stopped by an internal error: " + e);
      }
      close(aborted("internal error: " + e), e);
    }
  }

  /** Stops: nothing new is sent, the requests in flight are aborted and recorded as cancelled. */
  void cancel() {
    if (s.stage == Stage.DONE) {
      return;
    }
    s.cancelled = true;
    s.log.accept("agentic replay: cancelled with " + s.inFlight + " request(s) in flight");
    close(CANCELLED, null);
  }

  boolean closing() {
    return closing;
  }

  CompletableFuture<Void> finished() {
    return finished;
  }

  /** Requests cut off by a grace period or drain bound, each recorded as cancelled, type cut-off. */
  long cutOff() {
    return cutOff;
  }

  /** Requests in flight when the run was cancelled or aborted itself, each recorded as cancelled. */
  long cancelledInFlight() {
    return cancelledInFlight;
  }

  /** Aborted requests recorded from the scheduler's own times because they did not come back. */
  long notReturned() {
    return notReturned;
  }
}
