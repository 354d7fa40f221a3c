package dev.infermark.client;

/**
 * Where a {@link Transport} delivers one response: the transport only moves bytes and timestamps;
 * SSE parsing, accumulation and error classification happen behind this interface, the same for
 * every transport. Calls for one response come one at a time (never concurrently), in this order:
 * {@link #onWriting}, {@link #onHeaders}, {@link #onBytes}..., then {@link #onEnd} or
 * {@link #onFailure} (which may also come at any earlier point).
 */
interface ResponseSink {
  /** The connection is ready and the request is being written, at {@code ns}. */
  void onWriting(long ns);

  /** The response's status line and headers arrived in the network read taken at {@code ns}. */
  void onHeaders(int status, String contentType, long ns);

  /**
   * Body bytes {@code b[off..off+len)} of the network read taken at {@code ns} (one
   * {@link System#nanoTime()} per read, before any parsing; several calls may share it). Valid
   * only during the call.
   *
   * @return false when the rest of the response is not wanted: the transport drops the connection
   */
  boolean onBytes(byte[] b, int off, int len, long ns);

  /** The response ended as HTTP says (last chunk, content length, or close for a close-delimited body). */
  void onEnd();

  /**
   * The exchange failed. Transports report a connect failure as a {@link java.net.ConnectException},
   * a timeout as a {@link java.net.http.HttpTimeoutException}, a broken response as a
   * {@link java.net.ProtocolException} and other breakage as an {@link java.io.IOException}.
   */
  void onFailure(Throwable t);
}
