package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.shard.Shard;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.SessionTree;

/**
 * What the parts of the agentic replay share, and the parts themselves: {@link Priming},
 * {@link CachePressure}, {@link Profiling}, {@link Timers}, {@link Barriers}, {@link Dispatch},
 * {@link TreePlays} and {@link EndOfRun}. Each part keeps its own counters; what several parts read
 * or change lives here.
 *
 * <p>This object is the scheduler's one lock: every entry point (a public method of
 * {@link AgenticReplay}, a clock callback, a returning record) holds it, and the parts' methods
 * assume it is held. Requests leave outside it ({@link Timers}), so completions on other threads are
 * not held up by a burst; and records reach the sink outside it ({@link #deliver}), so the timer
 * thread never waits while a completion writes its export line.
 */
final class ReplayState {
  static final long MS = 1_000_000L;

  final ReplayConfig config;
  final ReplayClock clock;
  final RequestDispatcher dispatcher;
  final PromptSource prompts;
  final Consumer<RequestRecord> sink;
  final Consumer<String> log;

  /** This process's part of the run: it plays the lanes numbered {@code shard.index()} modulo {@code shard.count()}. */
  final Shard shard;
  /** This shard's lanes (all of them when not sharded); each keeps its index in the whole run. */
  final Lane[] lanes;
  /**
   * The other shards' lanes' primer leads and first profiling offsets (with their lanes), computed
   * here as they compute them, so the warmup ramp and the profiling start are aligned as on one host.
   */
  final List<Double> foreignLeadsMs = new ArrayList<>();
  final List<Double> foreignOffsetsMs = new ArrayList<>();
  final List<Integer> foreignOffsetLanes = new ArrayList<>();
  /** Profiling starts no earlier than this clock instant ({@code start-at}); MIN_VALUE: at once. */
  long profileNotBeforeNs = Long.MIN_VALUE;
  /** Turns waiting for a phase boundary (the end of priming, of cache pressure). */
  final List<Parked> parked = new ArrayList<>();
  /** Requests handed to the dispatcher whose record has not come back, by id. */
  final Map<Long, Wire> wires = new LinkedHashMap<>();
  final BranchStats.Counts branches = new BranchStats.Counts();

  AgenticReplay.Stage stage = AgenticReplay.Stage.NEW;
  Consumer<AgenticReplay.Stage> stageListener = st -> {};
  /** Told when profiling's duration is reached with requests still in flight: the grace period starts. */
  Runnable graceListener = () -> {};
  /** Requests on the wire and counted (not a primer booked off by the warmup grace period). */
  int inFlight;
  /** The run was cancelled, or aborted itself (warmup failure, failed-request threshold). */
  boolean cancelled;
  /** Records kept under the lock, for {@link #deliver} to hand to the sink outside it, in order. */
  private List<RequestRecord> undelivered = new ArrayList<>();
  /** Threads in or waiting for {@link #deliver}'s loop (the drain-loop pattern: one delivers at a time). */
  private final AtomicInteger delivering = new AtomicInteger();

  final Timers timers;
  final Barriers barriers;
  final TreePlays trees;
  final Dispatch dispatch;
  final Priming priming;
  final CachePressure pressure;
  final Profiling profiling;
  final EndOfRun end;

  ReplayState(ReplayConfig config, List<SessionTree> trees, PromptSource prompts, ReplayClock clock,
      RequestDispatcher dispatcher, Consumer<RequestRecord> sink, Consumer<String> log, Shard shard) {
    this.config = config;
    this.shard = shard;
    shard.requireUnits(config.concurrency(), "concurrency");
    this.clock = clock;
    this.dispatcher = dispatcher;
    this.prompts = prompts;
    this.sink = sink;
    this.log = log;
    this.lanes = new Lane[shard.share(config.concurrency())];
    this.timers = new Timers(this);
    this.barriers = new Barriers(this);
    this.trees = new TreePlays(this, new TreeSampler(trees, log));
    this.dispatch = new Dispatch(this);
    this.priming = new Priming(this);
    this.pressure = new CachePressure(this);
    this.profiling = new Profiling(this);
    this.end = new EndOfRun(this);
  }

  void enter(AgenticReplay.Stage next) {
    stage = next;
    stageListener.accept(next);
  }

  /**
   * Runs {@code r} (which takes the lock itself), turning an unexpected exception (a broken
   * invariant such as a double recycle) into a failed run instead of a silently dead timer or request
   * thread.
   */
  Runnable guarded(Runnable r) {
    return () -> {
      try {
        r.run();
      } catch (RuntimeException | Error e) {
        end.fail(e);
      }
      deliver();
    };
  }

  /** Queues a record for the sink (under the lock); the entry point delivers it once it lets go. */
  void keep(RequestRecord record) {
    undelivered.add(record);
  }

  /**
   * Hands the kept records to the sink in the order they were kept, outside the lock (call it after
   * leaving it), then completes the run if it ended: the run finishes only once its records are in.
   * One thread delivers at a time; a thread that finds another delivering leaves its records to it,
   * so no entry point (the timer thread's above all) waits for an export line to be written.
   */
  void deliver() {
    if (delivering.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    do {
      while (true) {
        List<RequestRecord> batch;
        synchronized (this) {
          if (undelivered.isEmpty()) {
            end.completeIfFinished();
            break;
          }
          batch = undelivered;
          undelivered = new ArrayList<>();
        }
        for (RequestRecord r : batch) {
          try {
            sink.accept(r);
          } catch (RuntimeException | Error e) {
            end.fail(e); // a broken sink fails the run; the other records still go to it
          }
        }
      }
      missed = delivering.addAndGet(-missed);
    } while (missed != 0);
  }

  /** Every counter, taken at once. */
  ReplayStats stats() {
    return new ReplayStats(stage, cancelled, inFlight, trees.live(), trees.maxLive(), trees.plays(),
        profiling.phaseStartNs(), dispatch.skippedOverflows(), end.cutOff(), end.cancelledInFlight(),
        end.notReturned(), timers.idleJumps(), timers.idleSkippedNs(), timers.traceCapJumps(), barriers.holds(),
        priming.cancelled(), profiling.abortReason(), priming.failures(), priming.overflows(), trees.markers(),
        branches.snapshot());
  }
}
