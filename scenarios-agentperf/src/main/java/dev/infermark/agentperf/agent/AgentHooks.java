package dev.infermark.agentperf.agent;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;

/** What an {@link Agent} reports to the phase it runs in (thread-safe; called from many agents). */
public interface AgentHooks {
  /** The agent is about to send its first request of the phase, at {@code nowNs}. */
  void active(int agent, long nowNs);

  /**
   * Decides, just before a request is sent at {@code nowNs}, whether it belongs to the
   * steady-state window ({@link Phase#PROFILING}) or not ({@link Phase#WARMUP}).
   */
  Phase admit(long nowNs);

  /** A request came back (success or failure); {@code label} is what {@link #admit} returned. */
  void finished(int agent, String trajectoryId, Phase label, RequestRecord record);

  /**
   * A request sent after the window closed was cut off when the phase stopped the agent (or the
   * run was cancelled): it says nothing about the server, so it is kept out of every statistic,
   * but it was sent, so it is recorded (as a warmup row).
   */
  void cutOff(int agent, RequestRecord record);

  /** The agent stopped on an unexpected error (a bug or bad trajectory data); the phase ends with it. */
  void crashed(int agent, RuntimeException error);

  /** The agent finished every turn of a trajectory. */
  void trajectoryCompleted(int agent, String trajectoryId);
}
