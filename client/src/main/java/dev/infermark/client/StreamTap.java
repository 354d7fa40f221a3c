package dev.infermark.client;

/**
 * Sees every SSE message's data with the receive time the record uses, on the thread that parses
 * it: for tools that compare the client's timestamps with a server's own (the client benchmark
 * reads each chunk's {@code sent_ns}). Must be quick and must not keep {@code data}.
 */
@FunctionalInterface
public interface StreamTap {
  /**
   * @param requestId the request's {@code X-Request-ID}
   * @param data the message's joined {@code data:} lines in {@code data[offset..offset+length)}, valid only
   *     during the call (often the network read's own bytes)
   * @param receivedNs {@link System#nanoTime()} at the network read that completed the message
   */
  void onMessage(String requestId, byte[] data, int offset, int length, long receivedNs);
}
