package dev.infermark.agentperf.phase;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import dev.infermark.agentperf.agent.Agent;
import dev.infermark.agentperf.agent.AgentHooks;
import dev.infermark.agentperf.agent.Assignment;
import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.RequestFactory;
import dev.infermark.agentperf.agent.Ticker;
import dev.infermark.agentperf.power.PowerSampler;
import dev.infermark.agentperf.trajectory.TrajectorySource;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.shard.Shard;
import dev.infermark.tokenizer.Tokenizer;

/**
 * Runs one phase: starts the agents, each on its own virtual thread, waits until the gates are met
 * (or the phase times out or the run is cancelled), closes the steady-state window, keeps the load
 * up until every request sent in the window has finished, then stops the agents (what they have in
 * flight is aborted, and recorded by the harness as cut off) and measures. The window's records
 * make the statistics.
 *
 * <p>As one shard of several ({@link #run(int, int, PhasePrefix, Shard)}), the process runs the
 * phase's agents numbered {@code shard-index} modulo {@code shard-count} (each keeping its number,
 * so its trajectories and seeds are the whole phase's), its share of the trajectory gate, and, with
 * {@code start-at}, starts its agents two settle times before that instant and opens its window at it
 * (later only when some agent was not yet active): every shard's window opens at the same instant.
 */
public final class PhaseRun {
  private final PhaseConfig config;
  private final Ticker ticker;
  private final InferenceClient client;
  private final TrajectorySource source;
  private final Assignment assignment;
  private final RequestFactory requests;
  private final BooleanSupplier cancelled;
  private final PowerSampler power;
  private final Tokenizer tokenizer;

  public PhaseRun(PhaseConfig config, Ticker ticker, InferenceClient client, TrajectorySource source, Assignment assignment,
      RequestFactory requests, BooleanSupplier cancelled, PowerSampler power, Tokenizer tokenizer) {
    this.config = config;
    this.ticker = ticker;
    this.client = client;
    this.source = source;
    this.assignment = assignment;
    this.requests = requests;
    this.cancelled = cancelled;
    this.power = power;
    this.tokenizer = tokenizer;
  }

  /**
   * A phase as one process measured it.
   *
   * @param result the phase (for a shard: its agents, its window, its share of the gates)
   * @param windowOpen when the window opened, on the wall clock, or {@code null} when it never did
   * @param windowClose when it closed, on the wall clock, or {@code null} when it never opened
   */
  public record Measured(PhaseResult result, Instant windowOpen, Instant windowClose) {}

  /** Runs phase {@code index} at {@code agents} agents with {@code prefix}. */
  public PhaseResult run(int index, int agents, PhasePrefix prefix) throws InterruptedException {
    return run(index, agents, prefix, Shard.WHOLE).result();
  }

  /**
   * Runs {@code shard}'s part of phase {@code index} at {@code agents} agents (the whole phase's count).
   *
   * @throws IllegalArgumentException when some shard would have no agent
   */
  public Measured run(int index, int agents, PhasePrefix prefix, Shard shard) throws InterruptedException {
    shard.requireUnits(agents, "agentperf-phase-agents");
    int own = shard.share(agents);
    PhaseConfig mine = config.sharedBy(shard);
    // One anchor maps the ticker onto the wall clock: start-at in, the window's instants out.
    Instant wall0 = Instant.now();
    long tick0 = ticker.nanoTime();
    long notBefore = Long.MIN_VALUE;
    if (shard.startAt() != null) {
      notBefore = tick0 + Duration.between(wall0, shard.startAt()).toNanos();
      // Two settle times ahead: every agent has sent its first request (and settled) by start-at.
      long agentsAt = notBefore - 2 * config.settle().toNanos();
      while (ticker.nanoTime() < agentsAt && !cancelled.getAsBoolean()) {
        ticker.sleep(Math.min(agentsAt - ticker.nanoTime(), config.poll().toNanos()));
      }
    }
    SteadyWindow window = new SteadyWindow(own, config.settle().toNanos(), notBefore);
    AtomicIntegerArray perAgent = new AtomicIntegerArray(own);
    ConcurrentLinkedQueue<RequestRecord> windowRecords = new ConcurrentLinkedQueue<>();
    AtomicInteger sent = new AtomicInteger();
    AtomicInteger cutOff = new AtomicInteger();
    AtomicReference<RuntimeException> crash = new AtomicReference<>();
    AgentHooks hooks = new AgentHooks() {
      @Override
      public void active(int agent, long nowNs) {
        window.active(agent, nowNs);
      }

      @Override
      public Phase admit(long nowNs) {
        return window.admit(nowNs);
      }

      @Override
      public void finished(int agent, String trajectoryId, Phase label, RequestRecord record) {
        sent.incrementAndGet();
        if (label == Phase.PROFILING) {
          windowRecords.add(record);
        }
        window.finished(label);
      }

      @Override
      public void cutOff(int agent, RequestRecord record) {
        cutOff.incrementAndGet(); // recorded by the harness, with the phase's stop as its error
      }

      @Override
      public void crashed(int agent, RuntimeException error) {
        crash.compareAndSet(null, new IllegalStateException("agent " + agent + " of phase " + index + " failed: " + error.getMessage(), error));
      }

      @Override
      public void trajectoryCompleted(int agent, String trajectoryId) {
        perAgent.incrementAndGet((agent - shard.index()) / shard.count());
      }
    };
    // Stopping the agents aborts what they have in flight: a cancel of the run stays "cancelled", a phase stopping
    // its agents is a cut-off.
    Abort stop = new Abort();
    InferenceClient phaseClient = new InferenceClient() {
      @Override
      public RequestRecord send(InferenceRequest request) {
        return client.send(request, stop);
      }

      @Override
      public RequestRecord send(InferenceRequest request, Abort abort) {
        Runnable unlink = stop.onAbort(() -> abort.abort(stop.reason().orElseThrow()));
        try {
          return client.send(request, abort);
        } finally {
          unlink.run();
        }
      }
    };
    long start = ticker.nanoTime();
    List<Agent> agentList = new ArrayList<>(own);
    List<Thread> threads = new ArrayList<>(own);
    for (int k = 0; k < own; k++) {
      int a = shard.unit(k);
      Agent agent = new Agent(a, index, agents, source, assignment, prefix, requests, phaseClient, ticker,
          config.toolDelayScale(), hooks);
      agentList.add(agent);
      threads.add(ticker.start("agent-" + index + "-" + a, agent));
    }
    GateStatus gates;
    boolean complete;
    long pollNs = config.poll().toNanos();
    try {
      while (true) {
        ticker.sleep(pollNs);
        long now = ticker.nanoTime();
        gates = GateStatus.check(mine, snapshot(perAgent), window.openNs(), now);
        if (gates.met()) {
          complete = true;
          break;
        }
        if (cancelled.getAsBoolean() || crash.get() != null || now - start >= config.timeout().toNanos()) {
          complete = false;
          break;
        }
      }
      window.close(ticker.nanoTime());
      // Keep the load up until the window's last request has finished, so that its tail runs at the target count.
      long drainUntil = ticker.nanoTime() + config.drainTimeout().toNanos();
      while (!window.drained() && !cancelled.getAsBoolean() && crash.get() == null && ticker.nanoTime() < drainUntil) {
        ticker.sleep(Math.min(pollNs, 10_000_000L));
      }
    } finally {
      agentList.forEach(Agent::stop);
      if (!cancelled.getAsBoolean()) {
        stop.abort(RequestError.cutOff("cut off at the end of agentperf phase " + index + ": sent after the "
            + "steady-state window, still in flight when the phase stopped its agents"));
      }
      threads.forEach(Thread::interrupt);
      for (Thread t : threads) {
        t.join(Math.max(1, config.drainTimeout().toMillis()));
      }
    }
    if (crash.get() != null) {
      throw crash.get();
    }
    long end = ticker.nanoTime();
    long open = window.openNs();
    long close = window.closeNs();
    double windowSeconds = open < 0 || close < open ? Double.NaN : (close - open) / 1e9;
    List<RequestRecord> records = List.copyOf(windowRecords);
    PhaseStats stats = PhaseStats.of(records);
    TokenCheck check = tokenizer == null ? null : TokenCheck.of(records, tokenizer);
    var watts = open < 0 || close < open ? null : power.summary(open, close).orElse(null);
    PhaseResult result = new PhaseResult(index, agents, prefix.text(), gates, complete, windowSeconds, sent.get(), cutOff.get(),
        stats, check, watts, (end - start) / 1e9);
    return new Measured(result, open < 0 ? null : wall0.plusNanos(open - tick0),
        open < 0 || close < open ? null : wall0.plusNanos(close - tick0));
  }

  private static int[] snapshot(AtomicIntegerArray a) {
    int[] out = new int[a.length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i);
    }
    return out;
  }
}
