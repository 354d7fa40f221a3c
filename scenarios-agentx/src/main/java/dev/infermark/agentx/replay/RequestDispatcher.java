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

  /**
   * Sends a request that a returning record made due, from the thread that returned it when that
   * thread is one of this dispatcher's and has nothing left to do: the request then needs no other
   * thread to be scheduled first. Only called from inside {@link Outgoing#done}; the default sends it
   * as {@link #send} does.
   */
  default void sendNext(Outgoing request) {
    send(request);
  }

  /** Whether {@link #sendNext} can send from the returning thread (the scheduler then takes due turns there). */
  default boolean sendsFromReturningThread() {
    return false;
  }
}
