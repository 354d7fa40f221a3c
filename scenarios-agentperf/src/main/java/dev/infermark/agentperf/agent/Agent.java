package dev.infermark.agentperf.agent;

import java.util.Map;

import dev.infermark.agentperf.trajectory.Trajectory;
import dev.infermark.agentperf.trajectory.TrajectorySource;
import dev.infermark.agentperf.trajectory.Turn;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

/**
 * One simulated agent: works through its assigned trajectories one after another, turn by turn,
 * keeping one request in flight except while a tool runs (the turn's recorded delay). Runs on its
 * own virtual thread until {@link #stop()}; a failed request does not end the trajectory, since
 * the next turn's messages are recorded, not derived from the answer. Stopping interrupts the
 * thread, which aborts a request in flight; such a request (always sent after the window closed)
 * is reported as cut off rather than as a server failure (and still recorded).
 */
public final class Agent implements Runnable {
  private final int id;
  private final int phaseIndex;
  private final int phaseAgents;
  private final TrajectorySource source;
  private final Assignment assignment;
  private final PhasePrefix prefix;
  private final RequestFactory requests;
  private final InferenceClient client;
  private final Ticker ticker;
  private final double toolDelayScale;
  private final AgentHooks hooks;
  private volatile boolean stopped;

  public Agent(int id, int phaseIndex, int phaseAgents, TrajectorySource source, Assignment assignment, PhasePrefix prefix,
      RequestFactory requests, InferenceClient client, Ticker ticker, double toolDelayScale, AgentHooks hooks) {
    this.id = id;
    this.phaseIndex = phaseIndex;
    this.phaseAgents = phaseAgents;
    this.source = source;
    this.assignment = assignment;
    this.prefix = prefix;
    this.requests = requests;
    this.client = client;
    this.ticker = ticker;
    this.toolDelayScale = toolDelayScale;
    this.hooks = hooks;
  }

  /** Asks the agent to send no further request; the phase interrupts its thread to end a tool wait. */
  public void stop() {
    stopped = true;
  }

  @Override
  public void run() {
    long sequence = 0;
    boolean first = true;
    try {
      for (int k = 0; !stopped; k++) {
        Trajectory t = source.get(assignment.trajectory(id, k));
        int startTurn = k == 0 ? Math.min(assignment.startTurn(id), t.turns().size() - 1) : 0;
        Map<ChatMessage, ChatMessage> prefixed = RequestFactory.newPrefixCache();
        String correlation = "p" + phaseIndex + "-a" + id + "-k" + k;
        for (int i = startTurn; i < t.turns().size(); i++) {
          if (stopped) {
            return;
          }
          Turn turn = t.turns().get(i);
          long now = ticker.nanoTime();
          if (first) {
            hooks.active(id, now);
            first = false;
          }
          Phase label = hooks.admit(now);
          // One conversation per play of a trajectory by an agent: session-routing headers keep it on one worker.
          RequestTags tags = new RequestTags(correlation, correlation, i, correlation, null, id, 0,
              Map.of("agentperf_phase", phaseIndex, "agentperf_agents", phaseAgents, "agent", id, "trajectory_id", t.id()));
          // With several infermark.urls an agent keeps one: its conversations' cache lives there.
          RequestRecord r = client.send(requests.build(label, tags, prefix, turn, prefixed, sequence++)
              .withAffinity("agent-" + id));
          if (stopped && !r.ok() && label == Phase.WARMUP) {
            hooks.cutOff(id, r);
            return;
          }
          hooks.finished(id, t.id(), label, r);
          long delay = Math.round(turn.toolDelay().toNanos() * toolDelayScale);
          if (delay > 0 && !stopped) {
            ticker.sleep(delay);
          }
        }
        hooks.trajectoryCompleted(id, t.id());
      }
    } catch (InterruptedException e) {
      // stop() interrupted a tool wait: the phase is over for this agent.
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      hooks.crashed(id, e);
    }
  }
}
