package dev.infermark.agentx.replay;

/**
 * Sends the scheduler's requests. {@link VirtualThreadDispatcher} sends each on its own virtual
 * thread through the run's client; tests use a fake that completes requests when told to.
 */
public interface RequestDispatcher {
  /**
   * Starts sending; must not block, and must call {@link Outgoing#done} exactly once. Registers
   * with {@link Outgoing#abort} how to abort the request: once aborted, it must come back promptly.
   */
  void send(Outgoing request);
}
