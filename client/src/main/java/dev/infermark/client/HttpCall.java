package dev.infermark.client;

import java.net.URI;
import java.util.List;

/**
 * What one request puts on the wire, built once by the client and moved by a {@link Transport}:
 * a {@code POST} of {@code body} to {@code uri} with {@code headers} (name, value pairs, already
 * checked for characters a header cannot carry).
 */
record HttpCall(URI uri, List<Header> headers, byte[] body) {
  record Header(String name, String value) {
    Header {
      check(name, true);
      check(value, false);
    }

    /** Visible ASCII (and, in values, spaces and tabs): CR, LF and NUL would split or end the header. */
    private static void check(String s, boolean name) {
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        boolean ok = c > ' ' && c < 127 && (!name || c != ':') || !name && (c == ' ' || c == '\t');
        if (!ok) {
          throw new IllegalArgumentException("illegal character 0x" + Integer.toHexString(c) + " in header "
              + (name ? "name '" + s + "'" : "value of length " + s.length()));
        }
      }
    }
  }
}
