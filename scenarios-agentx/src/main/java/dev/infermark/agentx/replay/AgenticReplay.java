package dev.infermark.agentx.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import dev.infermark.client.InferenceRequest;
import dev.infermark.record.ErrorKind;
import dev.infermark.record.Phase;
import dev.infermark.record.RequestError;
import dev.infermark.record.RequestRecord;
import dev.infermark.record.RequestTags;
import dev.infermark.weka.prompt.PromptSource;
import dev.infermark.weka.topology.Branch;
import dev.infermark.weka.topology.ReplayStream;
import dev.infermark.weka.topology.ReplayTurn;
import dev.infermark.weka.topology.SessionTree;

/**
 * The agentic replay scheduler (spec §3): {@code concurrency} lanes, each holding one session
 * tree until the whole tree drains, then recycling into the next trace from the sampler.
 *
 * <p>Stages: primers (one one-token request per live stream at its t* snapshot, ramp-aligned),
 * optional cache-pressure warmup (zero delays, one token, handoff of each stream's next turn),
 * then profiling (end-to-start delays, SPAWN/JOIN, global and per-tree idle caps, overflow
 * termination, cross-stream replay barriers, failed-request threshold, optional DAG fail-fast)
 * until the duration, then a grace drain.
 *
 * <p>Every request sent gets exactly one record, whatever ends the run: when it ends (grace period
 * over, cancel, abort, internal error) the requests still out are aborted through the dispatcher and
 * the run finishes only once each has come back and been recorded, saying why it was aborted (cut
 * off at the end of the run, or cancelled). A record that does not come back within
 * {@link #CLOSE_WAIT_NS} is made from the scheduler's own times instead.
 *
 * <p>All state lives behind this object's lock; time comes from a {@link ReplayClock} and requests
 * leave through a {@link RequestDispatcher}, so the rules are tested deterministically.
 */
public final class AgenticReplay {
  /** Where the scheduler is. */
  public enum Stage { NEW, PRIMING, PRESSURE, PROFILING, DONE }

  private static final long MS = 1_000_000L;
  /** How long the end of a run waits for the records of the requests it aborted. */
  static final long CLOSE_WAIT_NS = 10_000 * MS;
  private static final RequestError CANCELLED = new RequestError(ErrorKind.CANCELLED, 0, "Cancelled",
      "the run was cancelled while the request was in flight", null);

  private final ReplayConfig config;
  private final ReplayClock clock;
  private final RequestDispatcher dispatcher;
  private final PromptSource prompts;
  private final TreeSampler sampler;
  private final Consumer<RequestRecord> sink;
  private final Consumer<String> log;
  private final SplittableRandom ids;

  private final Lane[] lanes;
  private final PriorityQueue<Timer> timers = new PriorityQueue<>();
  private final List<Parked> parked = new ArrayList<>();
  private final Map<String, Integer> passByTrace = new HashMap<>();
  private final RecycleGuard recycleGuard = new RecycleGuard();
  private final Set<String> markers = new HashSet<>();
  private final List<String> warmupFailures = new ArrayList<>();
  private final List<String> warmupOverflows = new ArrayList<>();
  /** Requests handed to the dispatcher whose record has not come back, by id. */
  private final Map<Long, Wire> wires = new LinkedHashMap<>();
  private final BranchStats branchStats = new BranchStats();
  private final CompletableFuture<Void> finished = new CompletableFuture<>();
  private final long systemCapNs;
  private final long traceCapNs;

  private Stage stage = Stage.NEW;
  private Consumer<Stage> stageListener = s -> {};
  private long seq;
  private long wakeAtNs = Long.MAX_VALUE;
  private int inFlight;
  private int primersOutstanding;
  private boolean stopped;
  private boolean pressureStopping;
  private boolean cancelled;
  /** The run is ending: nothing more is sent; it finishes once every request out has its record. */
  private boolean closing;
  private Throwable failure;
  private long wireSeq;
  private long phaseStartNs = -1;
  private long skippedOverflows;
  private long cutOff;
  private long cancelledInFlight;
  private long notReturned;
  private long idleJumps;
  private long idleSkippedNs;
  private long traceCapJumps;
  private long profilingCompleted;
  private long profilingFailed;
  private long barrierHolds;
  private long primersCancelled;
  private String abortReason;
  private int liveTrees;
  private int maxLiveTrees;
  private long plays;

  public AgenticReplay(ReplayConfig config, List<SessionTree> trees, PromptSource prompts, ReplayClock clock,
      RequestDispatcher dispatcher, Consumer<RequestRecord> sink, Consumer<String> log) {
    this.config = config;
    this.clock = clock;
    this.dispatcher = dispatcher;
    this.prompts = prompts;
    this.sampler = new TreeSampler(trees, log);
    this.sink = sink;
    this.log = log;
    this.ids = new SplittableRandom(config.seed() ^ 0x5DEECE66DL);
    this.lanes = new Lane[config.concurrency()];
    this.systemCapNs = config.systemIdleCap() == null ? Long.MAX_VALUE : config.systemIdleCap().toNanos();
    this.traceCapNs = config.traceIdleCap() == null ? Long.MAX_VALUE : config.traceIdleCap().toNanos();
  }

  // ---------------------------------------------------------------------------------------------
  // Start: lanes, t* snapshots, primers

  /** Assigns lanes, takes the t* snapshots and sends the warmup primers. Call once. */
  public synchronized void start() {
    if (stage == Stage.DONE && cancelled) {
      return; // cancelled before it started
    }
    if (stage != Stage.NEW) {
      throw new IllegalStateException("replay already started");
    }
    long now = clock.nowNanos();
    List<Primer> primers = new ArrayList<>();
    StringBuilder summary = new StringBuilder();
    for (int i = 0; i < lanes.length; i++) {
      Lane lane = new Lane(i);
      lanes[i] = lane;
      SessionTree tree = sampler.next();
      boolean legacy = LegacyStart.timestampLess(tree);
      // Timestamp-less traces have no t*: the legacy k_i start (§3.3); tStar stays NaN (no tree clock).
      int k = legacy ? LegacyStart.turnIndex(tree.root().turns().size(), config.seed(), tree.traceId(), i,
          config.startMinRatio(), config.startMaxRatio()) : -1;
      double tStar = legacy ? Double.NaN
          : StartInstant.sample(tree, i, config.seed(), config.startMinRatio(), config.startMaxRatio());
      TreeSnapshot snap = legacy ? TreeSnapshot.legacy(tree, k) : TreeSnapshot.at(tree, tStar);
      Play play = newPlay(lane, tree);
      play.clockMs = tStar;
      snap.pendingChildren().forEach((branch, n) -> play.branches.put(branch, new BranchRun(n)));
      for (TreeSnapshot.StreamStart s : snap.streams()) {
        StreamRun run = play.stream(s.stream());
        run.nextTurn = s.nextTurnIndex();
        run.completedThrough = s.nextTurnIndex() - 1; // turns before t* count as done (primed)
        play.active++;
        if (s.gatedOnBranch() != null) {
          run.gatedOn = s.gatedOnBranch();
          branchStats.parentsSuspended++;
        } else {
          parked.add(new Parked(run, s.nextTurnIndex(), s.offsetMs()));
        }
        if (s.primed()) {
          ReplayTurn warm = s.stream().turns().get(s.warmupTurnIndex());
          run.primerPending = true;
          // Unknown timestamps give a NaN lead: the primer fires at 0.
          primers.add(new Primer(run, s.warmupTurnIndex(), Math.min(tStar - warm.timestampMs(), capMs())));
        }
      }
      summary.append(legacy
          ? String.format(" lane %d: %s k_i=%d (timestamp-less) root_next=%d/%d live=%d", i, tree.traceId(), k,
              rootNext(snap), tree.root().turns().size(), snap.streams().size())
          : String.format(" lane %d: %s sample_time=%3.0f%% root_next=%d/%d live=%d", i, tree.traceId(),
              100 * position(tree, tStar), rootNext(snap), tree.root().turns().size(), snap.streams().size()));
    }
    if (!config.cacheBust() && lanes.length > sampler.size()) {
      log.accept("agentic replay: WARNING " + lanes.length + " lanes share " + sampler.size() + " trace(s) without a "
          + "cache-bust marker: wrapped lanes send identical prefixes");
    }
    log.accept("agentic replay: " + lanes.length + " lane(s) over " + sampler.size() + " trace(s);"
        + (lanes.length <= 8 ? summary.toString() : " " + primers.size() + " primer(s)"));
    List<Double> offsets = WarmupRamp.offsetsMs(primers.stream().map(Primer::leadMs).toList(), capMs(),
        config.burstPhaseStarts());
    enter(Stage.PRIMING);
    primersOutstanding = primers.size();
    for (int i = 0; i < primers.size(); i++) {
      Primer p = primers.get(i);
      schedule(new Timer(now + Math.round(offsets.get(i) * MS), p.run, p.turn, Kind.PRIMER, seq++));
    }
    if (primers.isEmpty()) {
      afterPrimers();
    } else if (config.warmupGracePeriod() != null) {
      // Counted from the end of the ramp (the last primer sent), like benchmark-grace-period after the duration.
      double rampMs = offsets.stream().mapToDouble(Double::doubleValue).max().orElse(0);
      clock.schedule(guarded(this::warmupGraceExpired),
          now + Math.round(rampMs * MS) + config.warmupGracePeriod().toNanos());
    }
    afterEvent(null);
  }

  /**
   * {@code agentic-warmup-grace-period} ran out with primers still out: they are cancelled (those
   * on the wire are aborted and recorded as cut off when they come back) and count as terminal
   * warmup failures (§3.5): a root primer among them aborts the run as cancelled, naming every
   * such trace; sub-agent primers do not, and warmup goes on without them.
   */
  private synchronized void warmupGraceExpired() {
    if (stage != Stage.PRIMING || primersOutstanding == 0 || closing) {
      return;
    }
    String grace = config.warmupGracePeriod().toMillis() / 1000.0 + " s";
    RequestError cut = RequestError.cutOff("cut off at the end of warmup: still in flight when "
        + "agentic-warmup-grace-period (" + grace + ") ran out");
    for (Wire w : List.copyOf(wires.values())) {
      if (w.kind == Kind.PRIMER && !w.bookedOff) {
        // Booked off now (warmup goes on without it); its record still comes, and is kept.
        w.bookedOff = true;
        w.run.onWire = false;
        inFlight--;
        w.run.play.inFlight--;
        abort(w, cut);
      }
    }
    List<String> roots = new ArrayList<>();
    int cancelledChildren = 0;
    for (Lane lane : lanes) {
      if (lane.play == null) {
        continue;
      }
      for (StreamRun run : lane.play.streams.values()) {
        if (!run.primerPending) {
          continue;
        }
        run.primerPending = false;
        primersCancelled++;
        if (run.stream.agentDepth() == 0) {
          if (!roots.contains(lane.play.tree.traceId())) {
            roots.add(lane.play.tree.traceId());
          }
        } else {
          cancelledChildren++;
        }
      }
    }
    timers.removeIf(t -> t.kind == Kind.PRIMER); // not sent yet: cancelled too
    primersOutstanding = 0;
    if (!roots.isEmpty()) {
      warmupFailures.addAll(roots);
      log.accept("agentic replay: WARNING warmup grace period (" + grace + ") expired; " + primersCancelled
          + " primer(s) cancelled, root trace(s) " + String.join(", ", roots) + " not primed; aborting run early");
      cancelled = true;
      close(aborted("warmup failed (root primer(s) of " + String.join(", ", roots) + " not primed in time)"), null);
      return;
    }
    log.accept("agentic replay: WARNING warmup grace period (" + grace + ") expired; " + cancelledChildren
        + " sub-agent primer(s) cancelled; warmup goes on");
    afterPrimers();
    afterEvent(null);
  }

  /** Called on every stage change, under the scheduler lock (keep it quick). */
  public synchronized void onStage(Consumer<Stage> listener) {
    this.stageListener = listener;
  }

  private void enter(Stage next) {
    stage = next;
    stageListener.accept(next);
  }

  private double capMs() {
    return systemCapNs == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : systemCapNs / (double) MS;
  }

  private static double position(SessionTree tree, double tStar) {
    double[] span = StartInstant.span(tree);
    return span[1] > span[0] ? (tStar - span[0]) / (span[1] - span[0]) : 0;
  }

  private static int rootNext(TreeSnapshot snap) {
    return snap.streams().stream().filter(s -> s.stream().root()).mapToInt(TreeSnapshot.StreamStart::nextTurnIndex)
        .findFirst().orElse(-1);
  }

  private void afterPrimers() {
    if (config.pressureWarmup()) {
      startPressure();
    } else {
      startProfiling(false);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Cache-pressure warmup

  private void startPressure() {
    enter(Stage.PRESSURE);
    long now = clock.nowNanos();
    log.accept("agentic replay: cache-pressure warmup "
        + (config.warmupRequestsPerLane() != null && config.warmupRequestsPerLane() > 0
            ? config.warmupRequestsPerLane() + " request(s) per lane" : config.cacheWarmupDuration().toSeconds() + " s"));
    List<Parked> resume = List.copyOf(parked);
    parked.clear();
    for (Parked p : resume) {
      scheduleTurn(p.run, p.turn, p.offsetMs, now);
    }
    for (Lane lane : lanes) {
      if (lane.play != null && lane.play.active == 0) {
        treeDrained(lane.play);
      }
    }
    if (config.cacheWarmupDuration() != null && !config.cacheWarmupDuration().isZero()) {
      clock.schedule(guarded(this::stopPressure), now + config.cacheWarmupDuration().toNanos());
    }
  }

  private synchronized void stopPressure() {
    if (stage != Stage.PRESSURE || pressureStopping || closing) {
      return;
    }
    pressureStopping = true;
    // Stop issuing: every pending dispatch keeps its profiling offset for the handoff.
    for (Timer t : timers) {
      parked.add(new Parked(t.run, t.turn, t.profileOffsetMs));
    }
    timers.clear();
    // The drain is bounded by max(grace, min(D, 300 s)), as in AIPerf, unless a warmup grace period is set.
    java.time.Duration bound = config.cacheWarmupDuration().compareTo(java.time.Duration.ofSeconds(300)) < 0
        ? config.cacheWarmupDuration() : java.time.Duration.ofSeconds(300);
    if (config.gracePeriod().compareTo(bound) > 0) {
      bound = config.gracePeriod();
    }
    String knob = "infermark.benchmark-grace-period";
    if (config.warmupGracePeriod() != null) {
      bound = config.warmupGracePeriod();
      knob = "infermark.agentic-warmup-grace-period";
    }
    long seconds = bound.toSeconds();
    String raise = knob;
    clock.schedule(guarded(() -> pressureDrainExpired(seconds, raise)), clock.nowNanos() + bound.toNanos());
    afterEvent(null);
  }

  /** The cache-pressure drain ran out: what is still on the wire is cut off (and recorded), then the run fails. */
  private synchronized void pressureDrainExpired(long seconds, String knob) {
    if (stage == Stage.PRESSURE && inFlight > 0 && !closing) {
      IllegalStateException e = new IllegalStateException("Accelerated warmup drain timed out before all wire requests "
          + "returned (" + inFlight + " still in flight after " + seconds + " s); raise " + knob);
      log.accept("agentic replay: " + e.getMessage());
      close(RequestError.cutOff("cut off at the end of warmup: still in flight when the cache-pressure drain (" + seconds
          + " s, " + knob + ") ran out"), e);
    }
  }

  private boolean pressureLaneFull(Lane lane) {
    Integer n = config.warmupRequestsPerLane();
    return n != null && n > 0 && lane.pressureSent >= n;
  }

  // ---------------------------------------------------------------------------------------------
  // Profiling

  private void startProfiling(boolean handoff) {
    enter(Stage.PROFILING);
    long now = clock.nowNanos();
    phaseStartNs = now;
    List<Parked> entries = List.copyOf(parked);
    parked.clear();
    List<Double> pending = entries.stream().map(p -> handoff ? handoffOffsetMs(p) : p.offsetMs).toList();
    List<Double> offsets = StartAlignment.alignMs(pending,
        entries.stream().map(p -> p.run.play.lane.index).toList(), config.burstPhaseStarts());
    for (int i = 0; i < entries.size(); i++) {
      Parked p = entries.get(i);
      schedule(new Timer(now + Math.round(offsets.get(i) * MS), p.run, p.turn, Kind.TURN, seq++));
    }
    log.accept("agentic replay: profiling for " + config.benchmarkDuration().toSeconds() + " s, " + entries.size()
        + " stream(s) resume");
    clock.schedule(guarded(this::stopProfiling), now + config.benchmarkDuration().toNanos());
    for (Lane lane : lanes) {
      if (lane.play == null || lane.play.active == 0) {
        // Nothing left of this tree after t* (or after the warmup handoff): a fresh root at turn 0.
        if (lane.play != null) {
          treeDrained(lane.play);
        } else {
          recycleLane(lane);
        }
      }
    }
  }

  /** A handed-off stream's next turn on its tree's dataset clock (§3.6), before the global alignment. */
  private static double handoffOffsetMs(Parked p) {
    List<ReplayTurn> turns = p.run.stream.turns();
    ReplayTurn next = turns.get(p.turn);
    if (!Double.isNaN(p.run.play.clockMs) || p.turn == 0) {
      return HandoffDelay.onTreeClockMs(next.timestampMs(), p.run.play.clockMs, p.offsetMs);
    }
    ReplayTurn prev = turns.get(p.turn - 1);
    double apiPrev = RecordedTimeline.endMs(p.run.stream, p.turn - 1) - prev.timestampMs();
    return HandoffDelay.fromStreamTimestampsMs(next.timestampMs(), prev.timestampMs(), apiPrev, 0, p.offsetMs);
  }

  private synchronized void stopProfiling() {
    if (stage != Stage.PROFILING || stopped || closing) {
      return;
    }
    stopped = true;
    timers.clear();
    log.accept("agentic replay: duration reached; draining " + inFlight + " in-flight request(s); idle cap jumps="
        + idleJumps + " skipped=" + String.format("%.1f", idleSkippedNs / 1e9) + "s");
    if (inFlight == 0) {
      close(null, null);
    } else {
      clock.schedule(guarded(this::graceExpired), clock.nowNanos() + config.gracePeriod().toNanos());
    }
  }

  /** {@code benchmark-grace-period} ran out: every request still out is cut off, and recorded as such. */
  private synchronized void graceExpired() {
    if (stage != Stage.DONE && !closing) {
      String grace = config.gracePeriod().toMillis() / 1000.0 + " s";
      log.accept("agentic replay: grace period (" + grace + ") over, " + inFlight + " request(s) still in flight are "
          + "cut off");
      close(RequestError.cutOff("cut off at the end of the run: still in flight when benchmark-grace-period (" + grace
          + ") ran out"), null);
    }
  }

  /** The error of a request in flight when the run aborted itself (warmup failure, threshold, internal error). */
  private static RequestError aborted(String why) {
    return new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the run was aborted while the request was in "
        + "flight: " + why, null);
  }

  /**
   * Ends the run: nothing more is sent, every request still out is aborted (its record will say
   * {@code why}; {@code null} when none is left to abort but cut-off primers may still be coming back),
   * and the run finishes once each record came back, failing with {@code failure} when given.
   */
  private void close(RequestError why, Throwable failure) {
    if (failure != null && this.failure == null) {
      this.failure = failure;
    }
    if (stage == Stage.DONE) {
      return;
    }
    if (!closing) {
      closing = true;
      timers.clear();
      parked.clear();
      if (!wires.isEmpty()) {
        clock.schedule(guarded(this::closeWaitExpired), clock.nowNanos() + CLOSE_WAIT_NS);
      }
    }
    if (why != null) {
      for (Wire w : List.copyOf(wires.values())) {
        abort(w, why);
      }
    }
    maybeFinish();
  }

  private static void abort(Wire w, RequestError why) {
    if (w.abortedAs == null) {
      w.abortedAs = why;
      w.out.abort().request();
    }
  }

  /**
   * Records whose request was aborted but did not come back within {@link #CLOSE_WAIT_NS} (a
   * client that ignores the abort): each gets a record from the scheduler's own times (no
   * response times), and its own record, should it come later, is discarded.
   */
  private synchronized void closeWaitExpired() {
    if (stage == Stage.DONE || wires.isEmpty()) {
      return;
    }
    long now = clock.nowNanos();
    log.accept("agentic replay: WARNING " + wires.size() + " aborted request(s) did not return within "
        + CLOSE_WAIT_NS / 1_000_000_000 + " s; recorded without response times");
    for (Wire w : wires.values()) {
      RequestError e = w.abortedAs != null ? w.abortedAs : CANCELLED;
      notReturned++;
      keep(w.out.withError(new RequestError(e.kind(), e.code(), e.type(), e.message() + " (the aborted request did "
          + "not return within " + CLOSE_WAIT_NS / 1_000_000_000 + " s)", null), now));
    }
    wires.clear();
    maybeFinish();
  }

  private void maybeFinish() {
    if (closing && wires.isEmpty() && stage != Stage.DONE) {
      enter(Stage.DONE);
      timers.clear();
      if (failure != null) {
        finished.completeExceptionally(failure);
      } else {
        finished.complete(null);
      }
    }
  }

  /** Hands a record to the sink, counting the requests aborted at the end of the run. */
  private void keep(RequestRecord record) {
    if (record.error() != null && record.error().kind() == ErrorKind.CANCELLED) {
      if (record.error().isCutOff()) {
        cutOff++;
      } else {
        cancelledInFlight++;
      }
    }
    sink.accept(record);
  }

  /**
   * Runs {@code r}, turning an unexpected exception (a broken invariant such as a double recycle)
   * into a failed run instead of a silently dead timer or request thread.
   */
  private Runnable guarded(Runnable r) {
    return () -> {
      try {
        r.run();
      } catch (RuntimeException | Error e) {
        fail(e);
      }
    };
  }

  private synchronized void fail(Throwable e) {
    if (stage != Stage.DONE) {
      log.accept("agentic replay: stopped by an internal error: " + e);
    }
    close(aborted("internal error: " + e), e);
  }

  /**
   * Stops (Ctrl+C, JUnit abort): nothing new is sent, the requests in flight are aborted, and the
   * run finishes once each is recorded as cancelled.
   */
  public synchronized void cancel() {
    if (stage == Stage.DONE) {
      return;
    }
    cancelled = true;
    log.accept("agentic replay: cancelled with " + inFlight + " request(s) in flight");
    close(CANCELLED, null);
  }

  // ---------------------------------------------------------------------------------------------
  // Timers

  private void schedule(Timer t) {
    timers.add(t);
  }

  /** Sends turn {@code turn} of {@code run} after {@code delayMs} from {@code anchorNs}, per the stage's rules. */
  private void scheduleTurn(StreamRun run, int turn, double delayMs, long anchorNs) {
    run.nextTurn = turn;
    switch (stage) {
      case PROFILING -> {
        if (!stopped) {
          schedule(new Timer(anchorNs + Math.round(delayMs * MS), run, turn, Kind.TURN, seq++));
        }
      }
      case PRESSURE -> {
        if (pressureStopping || pressureLaneFull(run.play.lane)) {
          parked.add(new Parked(run, turn, delayMs));
        } else {
          // Accelerated: no think time; the recorded delay is kept for a handoff.
          Timer t = new Timer(clock.nowNanos(), run, turn, Kind.TURN, seq++);
          t.profileOffsetMs = delayMs;
          schedule(t);
        }
      }
      default -> parked.add(new Parked(run, turn, delayMs));
    }
  }

  private void tick(long at) {
    List<Outgoing> out = new ArrayList<>();
    synchronized (this) {
      if (at == wakeAtNs) {
        wakeAtNs = Long.MAX_VALUE;
      }
      if (stage == Stage.DONE || closing) {
        return;
      }
      long now = clock.nowNanos();
      while (!timers.isEmpty() && timers.peek().dueNs <= now) {
        Timer t = timers.poll();
        if (stage == Stage.PROFILING && t.kind == Kind.TURN && !t.unbarred && held(t.run, t.turn)) {
          // Retained, not on the wire: the idle cap below then sees the next dispatchable timer.
          t.run.play.retained.add(t);
          barrierHolds++;
          unstick(t.run.play, now);
          continue;
        }
        out.add(dispatch(t));
      }
      afterEvent(null);
    }
    // Hand-off outside the lock, so completions on other threads are not held up by a burst.
    for (int i = 0; i < out.size(); i++) {
      Outgoing o = out.get(i);
      try {
        dispatcher.send(o);
      } catch (RuntimeException e) {
        // A broken dispatcher (or prompt): the run fails; this request gets its failed record, the rest were never sent.
        fail(e);
        o.done().accept(o.failed(e, clock.nowNanos()));
        out.subList(i + 1, out.size()).forEach(this::unsent);
        return;
      }
    }
  }

  /** Forgets a request booked for sending that never left (the run failed first). */
  private synchronized void unsent(Outgoing o) {
    for (var it = wires.values().iterator(); it.hasNext();) {
      Wire w = it.next();
      if (w.out == o) {
        it.remove();
        inFlight--;
        w.run.play.inFlight--;
        w.run.onWire = false;
      }
    }
    maybeFinish();
  }

  private void ensureWake() {
    Timer head = timers.peek();
    if (head != null && head.dueNs < wakeAtNs && stage != Stage.DONE) {
      long at = head.dueNs;
      wakeAtNs = at;
      clock.schedule(guarded(() -> tick(at)), at);
    }
  }

  /** Checks the idle caps and the stage transitions after any change, then arms the next wake-up. */
  private void afterEvent(Play touched) {
    if (stage == Stage.PROFILING && !stopped) {
      long now = clock.nowNanos();
      if (traceCapNs != Long.MAX_VALUE && touched != null && touched.inFlight == 0) {
        capTree(touched, now);
      }
      if (inFlight == 0 && !timers.isEmpty()) {
        long shift = timers.peek().dueNs - (now + systemCapNs);
        if (systemCapNs != Long.MAX_VALUE && shift > 0) {
          shiftTimers(null, shift);
          idleJumps++;
          idleSkippedNs += shift;
        }
      }
    }
    if (stage == Stage.PRESSURE && inFlight == 0 && timers.isEmpty()) {
      handoff();
    }
    if (stage == Stage.PROFILING && stopped && inFlight == 0) {
      close(null, null);
    }
    ensureWake();
  }

  /** Per-tree idle cap: a tree with nothing in flight has its next timer at most {@code cap} away. */
  private void capTree(Play play, long now) {
    long earliest = Long.MAX_VALUE;
    for (Timer t : timers) {
      if (t.run.play == play) {
        earliest = Math.min(earliest, t.dueNs);
      }
    }
    long shift = earliest == Long.MAX_VALUE ? 0 : earliest - (now + traceCapNs);
    if (shift > 0) {
      shiftTimers(play, shift);
      traceCapJumps++;
    }
  }

  /** Moves pending timers (all, or one tree's) earlier by {@code shiftNs}, keeping their spacing. */
  private void shiftTimers(Play only, long shiftNs) {
    List<Timer> all = new ArrayList<>(timers);
    timers.clear();
    for (Timer t : all) {
      if (only == null || t.run.play == only) {
        t.dueNs -= shiftNs;
      }
      timers.add(t);
    }
  }

  private void handoff() {
    log.accept("agentic replay: cache-pressure warmup done; " + parked.size() + " stream(s) hand off to profiling");
    startProfiling(true);
  }

  // ---------------------------------------------------------------------------------------------
  // Cross-stream replay barriers (§3.8 rule 6)

  /**
   * Whether turn {@code turn} of {@code run} must wait: another live stream of the same tree has a
   * turn not yet completed here whose recorded interval ended at or before this turn's recorded start.
   */
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
  private void releaseRetained(Play play, long now) {
    if (play.retained.isEmpty() || stopped || stage != Stage.PROFILING) {
      return;
    }
    for (var it = play.retained.iterator(); it.hasNext();) {
      Timer t = it.next();
      if (t.run.aborted || t.run.finished) {
        it.remove();
      } else if (!held(t.run, t.turn)) {
        it.remove();
        t.dueNs = now; // lateness is measured from the release, not the recorded instant
        schedule(t);
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
    if (play.inFlight > 0 || play.retained.isEmpty() || timers.stream().anyMatch(t -> t.run.play == play)) {
      return;
    }
    Timer first = play.retained.stream().min(Timer::compareTo).orElseThrow();
    play.retained.remove(first);
    log.accept("agentic replay: WARNING replay barrier in tree " + play.tree.traceId() + " cannot clear (recorded "
        + "times inconsistent); sending " + first.run.stream.sessionId() + " turn " + first.turn);
    first.dueNs = now;
    first.unbarred = true;
    schedule(first);
  }

  // ---------------------------------------------------------------------------------------------
  // Dispatch and completion

  /** Books the request as in flight and returns it for sending. */
  private Outgoing dispatch(Timer t) {
    StreamRun run = t.run;
    Play play = run.play;
    ReplayTurn turn = run.stream.turns().get(t.turn);
    Phase phase = stage == Stage.PROFILING ? Phase.PROFILING : Phase.WARMUP;
    boolean oneToken = phase == Phase.WARMUP;
    Integer maxTokens = oneToken ? Integer.valueOf(1) : Integer.valueOf(turn.maxTokens());
    long now = clock.nowNanos();
    inFlight++;
    play.inFlight++;
    run.onWire = true;
    run.lastStartNs = now;
    if (stage == Stage.PRESSURE) {
      play.lane.pressureSent++;
    }
    RequestTags tags = tags(run, t.turn, phase);
    long due = t.dueNs;
    ReplayStream stream = run.stream;
    String marker = play.marker;
    String model = turn.model();
    long id = wireSeq++;
    Outgoing out = new Outgoing(phase, tags, due,
        () -> new InferenceRequest(phase, tags, CacheBust.apply(prompts.messages(stream, t.turn), marker), null, model,
            maxTokens, null, false, due),
        r -> guarded(() -> complete(id, r)).run());
    wires.put(id, new Wire(out, run, t.turn, t.kind));
    return out;
  }

  private RequestTags tags(StreamRun run, int turnIndex, Phase phase) {
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

  private synchronized void complete(long id, RequestRecord returned) {
    Wire w = wires.remove(id);
    if (w == null) {
      // Given a record of its own when it did not return in time after an abort: exactly one record per request.
      log.accept("agentic replay: discarded the late record of an aborted request (" + returned.tags().conversationId()
          + " turn " + returned.tags().turnIndex() + ")");
      return;
    }
    RequestRecord record = w.abortedAs == null ? returned : returned.abortedBecause(w.abortedAs);
    StreamRun run = w.run;
    int turnIndex = w.turn;
    Kind kind = w.kind;
    if (w.bookedOff) {
      keep(record); // a primer the warmup grace period cut off: warmup already went on without it
      maybeFinish();
      return;
    }
    Play play = run.play;
    inFlight--;
    play.inFlight--;
    run.onWire = false;
    long now = clock.nowNanos();
    run.lastEndNs = now;
    boolean overflow = !record.ok() && record.error().kind() == ErrorKind.CONTEXT_OVERFLOW;
    if (closing) {
      // The run is ending: record what came back, start nothing.
      if (overflow && kind == Kind.TURN && stage == Stage.PROFILING) {
        skippedOverflows++;
      } else {
        keep(record);
      }
      maybeFinish();
      return;
    }
    if (kind == Kind.PRIMER) {
      keep(record);
      run.primerPending = false;
      primersOutstanding--;
      if (!record.ok() && run.stream.agentDepth() == 0) {
        // Any root primer failure (overflow included, as the seed says) aborts: profiling would start on a degraded pool.
        warmupFailures.add(play.tree.traceId());
        if (record.error().kind() == ErrorKind.CONTEXT_OVERFLOW) {
          warmupOverflows.add(play.tree.traceId());
        }
        log.accept("agentic replay: warmup failed for trace " + play.tree.traceId() + " ("
            + record.error().message() + "); aborting run early");
        cancelled = true;
        close(aborted("warmup failed for trace " + play.tree.traceId()), null);
        return;
      }
      if (primersOutstanding == 0) {
        afterPrimers();
      }
      afterEvent(null);
      return;
    }
    if (overflow && stage == Stage.PROFILING) {
      // Skip path: kept out of metrics, error counts and the JSONL; counted for the 1 % check.
      skippedOverflows++;
    } else {
      keep(record);
    }
    run.completedThrough = Math.max(run.completedThrough, turnIndex);
    if (stage == Stage.PRESSURE) {
      advanceClock(play, run.stream, turnIndex);
    }
    if (!record.ok()) {
      run.erred = true;
    }
    if (stage == Stage.PROFILING && !overflow && countTowardThreshold(record)) {
      return;
    }
    if (run.aborted) {
      // Fail-fast stopped this stream while the request was on the wire.
      finishStream(run, now);
      releaseRetained(play, now);
      afterEvent(play);
      return;
    }
    if (!record.ok() && !overflow && !run.stream.root() && config.dagFailFast()) {
      failFast(run, now);
      releaseRetained(play, now);
      afterEvent(play);
      return;
    }
    ReplayTurn turn = run.stream.turns().get(turnIndex);
    boolean last = turnIndex == run.stream.turns().size() - 1;
    if (!overflow) {
      for (String branchId : turn.spawnBranchIds()) {
        spawn(run, turn, branchId, now);
      }
    }
    if (last || overflow) {
      if (overflow && !last) {
        log.accept("agentic replay: terminating trajectory " + run.stream.sessionId() + " early at turn " + turnIndex
            + "/" + run.stream.turns().size() + ": context-overflow error from server");
        if (!run.stream.root()) {
          branchStats.childrenTruncated++;
        }
      }
      finishStream(run, now);
    } else {
      advance(run, turnIndex + 1, now);
    }
    releaseRetained(play, now);
    afterEvent(play);
  }

  /** Moves the tree's dataset clock to the recorded end of a turn completed in cache-pressure warmup. */
  private static void advanceClock(Play play, ReplayStream stream, int turnIndex) {
    double end = RecordedTimeline.endMs(stream, turnIndex);
    if (Double.isNaN(end)) {
      end = stream.turns().get(turnIndex).timestampMs(); // final turn: its end is not recorded
    }
    if (!Double.isNaN(end) && (Double.isNaN(play.clockMs) || end > play.clockMs)) {
      play.clockMs = end;
    }
  }

  /**
   * Counts a profiling completion (overflows are not passed in) for {@code failed-request-threshold}
   * and aborts the run, stamped cancelled, once the error fraction exceeds it after at least
   * {@code max(concurrency, 10)} completions. Returns whether the run was aborted. A request the
   * run's cancel aborted says nothing about the server and is not counted.
   */
  private boolean countTowardThreshold(RequestRecord record) {
    if (!record.ok() && record.error().kind() == ErrorKind.CANCELLED) {
      return false;
    }
    profilingCompleted++;
    if (!record.ok()) {
      profilingFailed++;
    }
    Double f = config.failedRequestThreshold();
    if (f == null || profilingCompleted < Math.max(config.concurrency(), 10)
        || profilingFailed / (double) profilingCompleted <= f) {
      return false;
    }
    abortReason = String.format(Locale.ROOT, "failed-request-threshold exceeded: %d of %d profiling requests failed "
        + "(%.4f > %s)", profilingFailed, profilingCompleted, profilingFailed / (double) profilingCompleted, f);
    log.accept("agentic replay: " + abortReason + "; aborting run");
    cancelled = true;
    close(aborted(abortReason), null);
    return true;
  }

  /**
   * DAG fail-fast (§3.8 rule 7, {@code agentx-dag-fail-fast}): a failed child request aborts its
   * parent session and every other descendant of that parent (the orphaned siblings and their
   * children). Streams on the wire finish when their response returns; nothing new is sent for them.
   * An aborted parent that is itself a child counts as an errored child of its own parent and
   * releases that join (the abort does not cascade further up).
   */
  private void failFast(StreamRun child, long now) {
    Play play = child.play;
    String parentId = child.stream.parentSessionId();
    StreamRun parent = parentId == null ? null : play.streams.get(parentId);
    List<StreamRun> victims = new ArrayList<>();
    if (parent != null && !parent.finished && !parent.aborted) {
      branchStats.parentsFailedDueToChildError++;
      BranchRun branch = child.stream.branchId() == null ? null : play.branches.get(child.stream.branchId());
      if (branch != null && branch.pending > 0) {
        branchStats.joinsSuppressed++;
      }
      parent.erred = true;
      victims.add(parent);
    }
    for (StreamRun s : play.streams.values()) {
      if (!s.finished && !s.aborted && descendsFrom(play.tree, s.stream, parentId)) {
        victims.add(s);
      }
    }
    log.accept("agentic replay: child " + child.stream.sessionId() + " failed; fail-fast aborts "
        + (parent != null ? "parent " + parentId + " and " : "") + (victims.size() - (parent != null ? 1 : 0))
        + " stream(s) under it");
    for (StreamRun v : victims) {
      v.aborted = true;
      v.gatedOn = null;
    }
    timers.removeIf(t -> t.run.aborted);
    parked.removeIf(p -> p.run.aborted);
    play.retained.removeIf(t -> t.run.aborted);
    for (StreamRun v : victims) {
      if (!v.onWire && !v.finished) {
        finishStream(v, now);
      }
    }
  }

  private static boolean descendsFrom(SessionTree tree, ReplayStream s, String ancestorId) {
    String p = s.parentSessionId();
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

  /** Moves a stream to turn {@code k}: waits for its join, else schedules it after its end-to-start delay. */
  private void advance(StreamRun run, int k, long now) {
    ReplayTurn next = run.stream.turns().get(k);
    String join = next.joinBranchId();
    BranchRun branch = join == null ? null : run.play.branches.get(join);
    if (branch != null && branch.pending > 0) {
      run.nextTurn = k;
      run.gatedOn = join;
      branchStats.parentsSuspended++;
      return;
    }
    scheduleTurn(run, k, next.delayMs(), now);
  }

  /** Starts every child of a branch at its recorded offset from the spawning turn's start. */
  private void spawn(StreamRun parent, ReplayTurn spawnTurn, String branchId, long now) {
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
    BranchRun br = new BranchRun(branch.background() ? 0 : children.size());
    play.branches.put(branchId, br);
    for (ReplayStream child : children) {
      StreamRun c = play.stream(child);
      play.active++;
      branchStats.childrenSpawned++;
      double offsetMs = Math.max(0, child.turns().get(0).timestampMs() - spawnTurn.timestampMs());
      long due = parent.lastStartNs + Math.round(offsetMs * MS);
      if (due < now) {
        branchStats.childrenDelayed++;
      }
      scheduleTurn(c, 0, Math.max(0, (due - now) / (double) MS), now);
    }
  }

  private void finishStream(StreamRun run, long now) {
    run.finished = true;
    Play play = run.play;
    play.active--;
    if (!run.stream.root()) {
      if (run.erred) {
        branchStats.childrenErrored++;
      } else if (!run.aborted) {
        branchStats.childrenCompleted++;
      }
      BranchRun br = run.stream.branchId() == null ? null : play.branches.get(run.stream.branchId());
      if (br != null && br.pending > 0 && --br.pending == 0) {
        releaseJoin(play, run.stream.branchId(), now);
      }
    }
    if (play.active == 0) {
      treeDrained(play);
    }
  }

  private void releaseJoin(Play play, String branchId, long now) {
    for (StreamRun s : play.streams.values()) {
      if (branchId.equals(s.gatedOn) && !s.finished && !s.aborted) {
        s.gatedOn = null;
        branchStats.parentsResumed++;
        // The join turn keeps its own recorded delay, counted from the later of parent end and last child end (now).
        scheduleTurn(s, s.nextTurn, s.stream.turns().get(s.nextTurn).delayMs(), now);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Trees, recycling

  private Play newPlay(Lane lane, SessionTree tree) {
    int pass = passByTrace.merge(tree.traceId(), 1, Integer::sum) - 1;
    String marker = config.cacheBust() ? CacheBust.marker(config.benchmarkId(), pass, lane.index, tree.traceId()) : null;
    if (marker != null) {
      markers.add(marker);
    }
    Play play = new Play(lane, tree, newId(), marker);
    lane.play = play;
    liveTrees++;
    maxLiveTrees = Math.max(maxLiveTrees, liveTrees);
    plays++;
    return play;
  }

  private String newId() {
    return new UUID(ids.nextLong(), ids.nextLong()).toString();
  }

  /** The tree has no stream left: free the lane and, unless the run is stopping, recycle it. */
  private void treeDrained(Play play) {
    recycleGuard.drained(play.rootCorrelationId, play.tree.traceId(), play.lane.index);
    liveTrees--;
    Lane lane = play.lane;
    lane.play = null;
    boolean recycle = switch (stage) {
      case PROFILING -> !stopped;
      case PRESSURE -> true; // parked at offset 0 when the stage is stopping
      default -> false;
    };
    if (recycle) {
      recycleLane(lane);
    }
  }

  /** A fresh play of the sampler's next trace at turn 0, with a new marker and correlation id. */
  private void recycleLane(Lane lane) {
    SessionTree tree = sampler.next();
    Play play = newPlay(lane, tree);
    StreamRun root = play.stream(tree.root());
    play.active = 1;
    scheduleTurn(root, 0, 0, clock.nowNanos());
  }

  // ---------------------------------------------------------------------------------------------
  // Results

  /** Completes when profiling ended (duration and grace), the run was cancelled, or warmup failed. */
  public CompletableFuture<Void> finished() {
    return finished;
  }

  public synchronized Stage stage() {
    return stage;
  }

  public synchronized boolean cancelled() {
    return cancelled;
  }

  /** Root traces whose primer failed (the run was aborted). */
  public synchronized List<String> warmupFailures() {
    return List.copyOf(warmupFailures);
  }

  /** Those of {@link #warmupFailures} whose primer the server rejected as a context overflow. */
  public synchronized List<String> warmupOverflows() {
    return List.copyOf(warmupOverflows);
  }

  /** {@code System.nanoTime()} of the profiling start, or -1 before it. */
  public synchronized long phaseStartNs() {
    return phaseStartNs;
  }

  /** Overflow responses in profiling that took the skip path. */
  public synchronized long skippedOverflows() {
    return skippedOverflows;
  }

  /**
   * Requests cut off at the end of the run (or of warmup) by a grace period or drain bound: each
   * recorded as cancelled, type {@link RequestError#CUT_OFF}.
   */
  public synchronized long cutOff() {
    return cutOff;
  }

  /** Requests in flight when the run was cancelled or aborted itself: each recorded as cancelled. */
  public synchronized long cancelledInFlight() {
    return cancelledInFlight;
  }

  /**
   * Aborted requests whose record did not come back within {@link #CLOSE_WAIT_NS}, recorded from
   * the scheduler's own times instead (0 unless the client ignores aborts).
   */
  public synchronized long notReturned() {
    return notReturned;
  }

  public synchronized int inFlight() {
    return inFlight;
  }

  /** Trees live now. */
  public synchronized int liveTrees() {
    return liveTrees;
  }

  /** The most trees ever live at once (never above the concurrency). */
  public synchronized int maxLiveTrees() {
    return maxLiveTrees;
  }

  /** Tree plays started (initial lanes plus recycles). */
  public synchronized long plays() {
    return plays;
  }

  /** Every cache-bust marker minted. */
  public synchronized Set<String> markers() {
    return Set.copyOf(markers);
  }

  public synchronized long idleJumps() {
    return idleJumps;
  }

  public synchronized long idleSkippedNs() {
    return idleSkippedNs;
  }

  public synchronized long traceCapJumps() {
    return traceCapJumps;
  }

  /** Why the run aborted itself during profiling ({@code failed-request-threshold}), or {@code null}. */
  public synchronized String abortReason() {
    return abortReason;
  }

  /** Turns retained by a cross-stream replay barrier instead of leaving at their timer. */
  public synchronized long barrierHolds() {
    return barrierHolds;
  }

  /** Primers cancelled because {@code agentic-warmup-grace-period} ran out. */
  public synchronized long primersCancelled() {
    return primersCancelled;
  }

  /** Pending timer instants, earliest first (for tests and diagnostics). */
  public synchronized List<Long> pendingDueNs() {
    return timers.stream().map(t -> t.dueNs).sorted().toList();
  }

  public BranchStats branchStats() {
    return branchStats;
  }

  // ---------------------------------------------------------------------------------------------
  // State

  private enum Kind { PRIMER, TURN }

  private static final class Lane {
    final int index;
    Play play;
    int pressureSent;

    Lane(int index) {
      this.index = index;
    }
  }

  /** One play of a tree on a lane. */
  private final class Play {
    final Lane lane;
    final SessionTree tree;
    final String rootCorrelationId;
    final String marker;
    final Map<String, StreamRun> streams = new LinkedHashMap<>();
    final Map<String, BranchRun> branches = new HashMap<>();
    final Map<String, String> correlationIds = new HashMap<>();
    /** Due turns held by a cross-stream replay barrier. */
    final List<Timer> retained = new ArrayList<>();
    int active;
    int inFlight;
    /** The tree's position on its recorded timeline (ms): t*, then advanced by cache-pressure completions. */
    double clockMs = Double.NaN;

    Play(Lane lane, SessionTree tree, String rootCorrelationId, String marker) {
      this.lane = lane;
      this.tree = tree;
      this.rootCorrelationId = rootCorrelationId;
      this.marker = marker;
      correlationIds.put(tree.root().sessionId(), rootCorrelationId);
    }

    String correlationId(String sessionId) {
      return correlationIds.computeIfAbsent(sessionId, k -> newId());
    }

    StreamRun stream(ReplayStream s) {
      return streams.computeIfAbsent(s.sessionId(), k -> new StreamRun(this, s, correlationId(s.sessionId()),
          s.parentSessionId() == null ? null : correlationId(s.parentSessionId())));
    }
  }

  private static final class StreamRun {
    final Play play;
    final ReplayStream stream;
    final String correlationId;
    final String parentCorrelationId;
    int nextTurn;
    /** The last turn completed (or, before t*, passed); turns complete in order. */
    int completedThrough = -1;
    String gatedOn;
    boolean finished;
    boolean erred;
    /** Stopped by fail-fast: nothing more is sent; it finishes when its request on the wire returns. */
    boolean aborted;
    boolean onWire;
    /** Its warmup primer has not returned yet. */
    boolean primerPending;
    long lastStartNs;
    long lastEndNs;

    StreamRun(Play play, ReplayStream stream, String correlationId, String parentCorrelationId) {
      this.play = play;
      this.stream = stream;
      this.correlationId = correlationId;
      this.parentCorrelationId = parentCorrelationId;
    }
  }

  private static final class BranchRun {
    int pending;

    BranchRun(int pending) {
      this.pending = pending;
    }
  }

  private record Primer(StreamRun run, int turn, double leadMs) {}

  /** A request handed to the dispatcher whose record has not come back yet. */
  private static final class Wire {
    final Outgoing out;
    final StreamRun run;
    final int turn;
    final Kind kind;
    /** Why the scheduler aborted it (its record then says so), or {@code null}. */
    RequestError abortedAs;
    /** No longer counted as in flight (a primer the warmup grace period cut off): only its record is awaited. */
    boolean bookedOff;

    Wire(Outgoing out, StreamRun run, int turn, Kind kind) {
      this.out = out;
      this.run = run;
      this.turn = turn;
      this.kind = kind;
    }
  }

  /** A turn waiting for a phase boundary, with its offset (ms) once the next phase starts. */
  private record Parked(StreamRun run, int turn, double offsetMs) {}

  private static final class Timer implements Comparable<Timer> {
    long dueNs;
    final StreamRun run;
    final int turn;
    final Kind kind;
    final long order;
    double profileOffsetMs;
    /** Released by the barrier safety net: sent without another barrier check. */
    boolean unbarred;

    Timer(long dueNs, StreamRun run, int turn, Kind kind, long order) {
      this.dueNs = dueNs;
      this.run = run;
      this.turn = turn;
      this.kind = kind;
      this.order = order;
    }

    @Override
    public int compareTo(Timer o) {
      int c = Long.compare(dueNs, o.dueNs);
      return c != 0 ? c : Long.compare(order, o.order);
    }
  }
}
