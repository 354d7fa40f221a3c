package dev.infermark.traces.format;

import java.util.List;

/**
 * One session of a flat trace, as a format reads it: its requests in order (a Mooncake row alone, or the rows of a
 * {@code session_id}; a {@code multi_turn} conversation's turns).
 *
 * @param id the session's id, unique in the file ({@code row-000042} when the file names none)
 */
public record TraceSession(String id, List<TraceRequest> requests) {
  public TraceSession {
    requests = List.copyOf(requests);
    if (requests.isEmpty()) {
      throw new IllegalArgumentException("session " + id + " has no request");
    }
  }
}
