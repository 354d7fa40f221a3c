package dev.infermark.client;

import java.util.Locale;

import dev.infermark.settings.Keys;

/**
 * Moves the bytes of requests and responses, HTTP/1.1 over plain or TLS connections, and takes
 * the receive timestamps ({@code infermark.transport}). Everything else (SSE, accumulation, errors,
 * timeouts, cancellation) is the client's, identical for every transport.
 */
interface Transport extends AutoCloseable {
  /**
   * Starts one exchange; everything that happens is reported to {@code sink}. Never blocks on the
   * network and never throws for a network failure.
   */
  Call start(HttpCall call, ResponseSink sink);

  /** Drops every connection and frees the threads. */
  @Override
  void close();

  /** One exchange in flight. */
  interface Call {
    /** Drops the connection; the sink may still see a failure, which the client ignores. */
    void abort();
  }

  /** The transports {@code infermark.transport} can name. */
  enum Kind {
    NETTY, JDK;

    static Kind parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(Keys.TRANSPORT + ": expected netty or jdk, got '" + s + "'", e);
      }
    }
  }
}
