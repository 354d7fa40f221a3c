package dev.infermark.simulator;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 request line and headers (names lower-cased), read straight off the socket.
 *
 * @param method the method
 * @param path the request target without the query string
 * @param version {@code HTTP/1.1} or {@code HTTP/1.0}
 * @param headers header values by lower-case name (the last one wins)
 */
record HttpHead(String method, String path, String version, Map<String, String> headers) {
  /** Longest request head accepted. */
  static final int MAX_HEAD_BYTES = 64 * 1024;

  /** Thrown for a request head that is not HTTP/1.x. */
  static final class Malformed extends IOException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  String header(String name) {
    return headers.get(name);
  }

  /** Whether the connection stays open after the response. */
  boolean keepAlive() {
    String c = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
    return version.equals("HTTP/1.1") ? !c.contains("close") : c.contains("keep-alive");
  }

  /** Reads one head; {@code null} on a clean end of stream before any byte. */
  static HttpHead read(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder(128);
    int total = 0;
    String requestLine = null;
    Map<String, String> headers = new HashMap<>();
    while (true) {
      line.setLength(0);
      int c;
      while ((c = in.read()) != -1 && c != '\n') {
        if (++total > MAX_HEAD_BYTES) {
          throw new Malformed("request head longer than " + MAX_HEAD_BYTES + " bytes");
        }
        if (c != '\r') {
          line.append((char) c);
        }
      }
      if (c == -1) {
        if (requestLine == null && line.isEmpty()) {
          return null;
        }
        throw new Malformed("connection closed inside the request head");
      }
      if (requestLine == null) {
        if (line.isEmpty()) {
          continue; // tolerate a stray CRLF between requests
        }
        requestLine = line.toString();
        continue;
      }
      if (line.isEmpty()) {
        break;
      }
      int colon = line.indexOf(":");
      if (colon <= 0) {
        throw new Malformed("bad header line '" + line + "'");
      }
      headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
    }
    String[] parts = requestLine.split(" ");
    if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
      throw new Malformed("bad request line '" + new String(requestLine.getBytes(StandardCharsets.ISO_8859_1),
          StandardCharsets.UTF_8) + "'");
    }
    String target = parts[1];
    int q = target.indexOf('?');
    return new HttpHead(parts[0], q >= 0 ? target.substring(0, q) : target, parts[2], headers);
  }
}
