package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.Map;

import dev.infermark.api.status.API;

/**
 * Who a request belongs to: its conversation, session tree and lane. Carried from the request
 * into its record and the per-request export.
 *
 * @param conversationId the conversation (session) id, e.g. a trace id or {@code trace::sa:agent_1}
 * @param correlationId the id of this play of the conversation ({@code X-Correlation-ID})
 * @param turnIndex the turn within the conversation, from 0
 * @param rootCorrelationId the session tree's root correlation id (itself for a root)
 * @param parentCorrelationId the spawning conversation's correlation id, or {@code null}
 * @param lane the lane (concurrency slot) index, or -1
 * @param agentDepth 0 for a root conversation, 1 for a sub-agent, ...
 * @param extra further fields for the export's metadata (e.g. {@code source_trace_id}); immutable
 */
@API(status = STABLE, since = "0.1")
public record RequestTags(String conversationId, String correlationId, int turnIndex, String rootCorrelationId,
    String parentCorrelationId, int lane, int agentDepth, Map<String, Object> extra) {

  public RequestTags {
    extra = extra == null ? Map.of() : Map.copyOf(extra);
  }

  /** Tags of a single-conversation request (no tree). */
  public static RequestTags of(String conversationId, String correlationId, int turnIndex) {
    return new RequestTags(conversationId, correlationId, turnIndex, correlationId, null, -1, 0, Map.of());
  }
}
