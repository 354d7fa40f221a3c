package dev.infermark.agentx.replay;

import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.infermark.client.InferenceRequest;
import dev.infermark.record.ErrorKind;
import dev.infermark.record.Phase;
import dev.infermark.record.RequestError;
import dev.infermark.record.RequestRecord;
import dev.infermark.record.RequestTags;

/**
 * One request the scheduler wants sent. The body is built by {@link #build} on the sending
 * thread (prompt assembly stays off the scheduler lock); {@link #done} is called exactly once.
 *
 * @param phase warmup or profiling
 * @param tags the request's ids (also used for a failure record when building fails)
 * @param dueNs when the scheduler meant it to leave
 * @param build builds the request
 * @param done receives the finished record
 */
public record Outgoing(Phase phase, RequestTags tags, long dueNs, Supplier<InferenceRequest> build,
    Consumer<RequestRecord> done) {

  /** A failed record for a request that could not be built or sent (a bug or bad data, never a server error). */
  public RequestRecord failed(Throwable e, long nowNs) {
    RequestError error = new RequestError(ErrorKind.PROTOCOL_ERROR, 0, e.getClass().getSimpleName(),
        "request not sent: " + e.getMessage(), null);
    return new RequestRecord(phase, null, tags, dueNs, nowNs, System.currentTimeMillis() * 1000, -1, new long[0], nowNs,
        null, null, null, null, null, null, null, 0, error);
  }
}
