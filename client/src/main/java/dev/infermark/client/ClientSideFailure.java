package dev.infermark.client;

import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.List;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;

/**
 * Tells failures of infermark's own client (the JVM out of file descriptors, local ports or socket
 * buffers; the JDK HttpClient's {@code InternalError} wrapper around them) from the server's, so
 * they are recorded as {@link ErrorKind#CLIENT_SIDE} and never blamed on the server.
 */
final class ClientSideFailure {
  /** Local-resource wordings of the OS (errno texts as the JDK reports them). */
  private static final List<String> LOCAL = List.of("too many open files", "cannot assign requested address",
      "no buffer space available", "no file descriptors available");

  private ClientSideFailure() {}

  /** Whether {@code t} (or a cause) is a failure on the client's side. */
  static boolean matches(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof InternalError || c instanceof VirtualMachineError) {
        return true;
      }
      String m = c.getMessage();
      if (m != null) {
        String lower = m.toLowerCase(java.util.Locale.ROOT);
        for (String w : LOCAL) {
          if (lower.contains(w)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  static RequestError error(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return new RequestError(ErrorKind.CLIENT_SIDE, 0, "ClientSide",
        "the request failed inside infermark's client, not at the server: " + root
            + " (out of file descriptors? raise ulimit -n or lower infermark.concurrency)", null);
  }

  /** The innermost message ({@code Connection refused}), or the class name when no cause says anything. */
  static String cause(Throwable t) {
    String text = null;
    Throwable last = t;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      last = c;
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        text = c.getMessage();
      }
    }
    return text != null ? text : last.getClass().getSimpleName();
  }

  /** The type of a failed connect: refused, unknown host or no route. */
  static String connectType(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof UnresolvedAddressException || c instanceof UnknownHostException) {
        return "UnknownHost";
      }
      if (c instanceof NoRouteToHostException) {
        return "NoRouteToHost";
      }
    }
    return "ConnectionRefused";
  }
}
