package dev.infermark.agentx.replay;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.shard.Shard;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.SessionTree;

/**
 * The agentic replay scheduler (spec §3): {@code concurrency} lanes, each holding one session
 * tree until the whole tree drains, then recycling into the next trace from the sampler.
 *
 * <p>Stages: primers ({@link Priming}: one one-token request per live stream at its t* snapshot,
 * ramp-aligned), optional cache-pressure warmup ({@link CachePressure}: zero delays, one token,
 * handoff of each stream's next turn), then profiling ({@link Profiling}: end-to-start delays,
 * SPAWN/JOIN ({@link TreePlays}), global and per-tree idle caps ({@link Timers}), overflow
 * termination ({@link Dispatch}), cross-stream replay barriers ({@link Barriers}), failed-request
 * threshold, optional DAG fail-fast) until the duration, then a grace drain.
 *
 * <p>Every request sent gets exactly one record, whatever ends the run ({@link EndOfRun}): the
 * requests still out are aborted through the dispatcher and the run finishes only once each has come
 * back and been recorded, saying why it was aborted (cut off at the end of the run, or cancelled).
 *
 * <p>The parts share a {@link ReplayState}, which is also the one lock; time comes from a
 * {@link ReplayClock} and requests leave through a {@link RequestDispatcher}, so the rules are tested
 * deterministically.
 */
public final class AgenticReplay {
  /** Where the scheduler is. */
  public enum Stage { NEW, PRIMING, PRESSURE, PROFILING, DONE }

  /** How long the end of a run waits for the records of the requests it aborted. */
  static final long CLOSE_WAIT_NS = EndOfRun.CLOSE_WAIT_NS;

  private final ReplayState s;

  public AgenticReplay(ReplayConfig config, List<SessionTree> trees, PromptSource prompts, ReplayClock clock,
      RequestDispatcher dispatcher, Consumer<RequestRecord> sink, Consumer<String> log) {
    this(config, trees, prompts, clock, dispatcher, sink, log, Shard.WHOLE);
  }

  /**
   * One shard of the replay: it plays the lanes numbered {@code shard.index()} modulo
   * {@code shard.count()}, each with the tree, t*, snapshot and cache-bust marker it has in the whole
   * run, its primers on the whole run's ramp and its first profiling turns on the whole run's alignment.
   *
   * @throws IllegalArgumentException when the shard would have no lane
   */
  public AgenticReplay(ReplayConfig config, List<SessionTree> trees, PromptSource prompts, ReplayClock clock,
      RequestDispatcher dispatcher, Consumer<RequestRecord> sink, Consumer<String> log, Shard shard) {
    this.s = new ReplayState(config, trees, prompts, clock, dispatcher, sink, log, shard);
  }

  /**
   * Profiling starts no earlier than {@code clockNs} (on the replay's clock): every shard of a run
   * starts measuring at the launcher's {@code start-at}. Call before {@link #start()}.
   */
  public void profileNotBefore(long clockNs) {
    synchronized (s) {
      s.profileNotBeforeNs = clockNs;
    }
  }

  /** Assigns lanes, takes the t* snapshots and sends the warmup primers. Call once. */
  public void start() {
    synchronized (s) {
      if (s.stage == Stage.DONE && s.cancelled) {
        return; // cancelled before it started
      }
      if (s.stage != Stage.NEW) {
        throw new IllegalStateException("replay already started");
      }
      s.priming.start();
    }
    s.deliver();
  }

  /**
   * Stops (Ctrl+C, JUnit abort): nothing new is sent, the requests in flight are aborted, and the
   * run finishes once each is recorded as cancelled.
   */
  public void cancel() {
    synchronized (s) {
      s.end.cancel();
    }
    s.deliver();
  }

  /** Called on every stage change, under the scheduler lock (keep it quick). */
  public void onStage(Consumer<Stage> listener) {
    synchronized (s) {
      s.stageListener = listener;
    }
  }

  /**
   * Called when profiling's duration is reached with requests still in flight, as the
   * {@code benchmark-grace-period} starts (under the scheduler lock: keep it quick).
   */
  public void onGrace(Runnable listener) {
    synchronized (s) {
      s.graceListener = listener;
    }
  }

  /** Completes when profiling ended (duration and grace), the run was cancelled, or warmup failed. */
  public CompletableFuture<Void> finished() {
    return s.end.finished();
  }

  public Stage stage() {
    synchronized (s) {
      return s.stage;
    }
  }

  /** Every counter of the run so far, taken at once. */
  public ReplayStats stats() {
    synchronized (s) {
      return s.stats();
    }
  }

  /** Pending timer instants, earliest first (for tests and diagnostics). */
  public List<Long> pendingDueNs() {
    synchronized (s) {
      return s.timers.pendingDueNs();
    }
  }
}
