package dev.infermark.metrics;

import java.util.Map;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

/** Hand-made records whose AIPerf metric values were computed by hand (numpy as the reference). */
public final class Records {
  private Records() {}

  static final long MS = 1_000_000L;

  public static RequestRecord ok(Phase phase, String id, long startNs, long[] contentOffsetsMs, long endOffsetMs, Integer isl,
      Integer out, Integer reasoning) {
    long[] c = new long[contentOffsetsMs.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = startNs + contentOffsetsMs[i] * MS;
    }
    return new RequestRecord(phase, id, new RequestTags("conv-" + id, "corr-" + id, 0, "corr-" + id, null, 1, 0,
        Map.of("source_trace_id", "trace-" + id)), -1, startNs, 1_700_000_000_000_000L + startNs / 1000, startNs + 5 * MS, c,
        startNs + endOffsetMs * MS, isl, out, reasoning, null, null, null, "stop", 200, null);
  }

  public static RequestRecord failed(String id, long startNs, long endOffsetMs, ErrorKind kind, int code, String message) {
    return new RequestRecord(Phase.PROFILING, id, RequestTags.of("conv-" + id, "corr-" + id, 0), -1, startNs,
        1_700_000_000_000_000L + startNs / 1000, -1, new long[0], startNs + endOffsetMs * MS, null, null, null, null, null,
        null, null, code, new RequestError(kind, code, "T" + code, message, "{\"error\":\"" + message + "\"}"));
  }

  /** {@code r} with an intended instant {@code lagMs} before its start (as a paced load generator stamps it). */
  public static RequestRecord dueBefore(RequestRecord r, long lagMs) {
    return new RequestRecord(r.phase(), r.requestId(), r.tags(), r.startNs() - lagMs * MS, r.startNs(), r.startEpochMicros(),
        r.ackNs(), r.contentChunkNs(), r.endNs(), r.inputTokens(), r.outputTokens(), r.reasoningTokens(), r.cachedTokens(),
        r.text(), r.reasoningText(), r.finishReason(), r.httpStatus(), r.error(), r.urlIndex());
  }

  /**
   * The reference set with intended instants: r1..r5 left 0, 20, 40, 5 and 0 ms after they were due, so schedule
   * lag 0/20/40 ms, effective TTFT 100/220/340 ms and effective latency 300/420/540 ms over the successes.
   */
  public static RequestRecord[] referenceWithIntendedInstants() {
    RequestRecord[] r = reference();
    long[] lags = {0, 20, 40, 5, 0};
    for (int i = 0; i < r.length; i++) {
      r[i] = dueBefore(r[i], lags[i]);
    }
    return r;
  }

  /**
   * The reference set. Successful: TTFT 100/200/300 ms, TTST 50/60/100 ms, latency 300/400/500 ms,
   * OSL 4/3/6 (one with 1 reasoning token), ISL 100/200/300, so ITL 66.67/100/40 ms. Errors: one 429,
   * one context overflow. Phase span 1.0 s .. 1.7 s = 0.7 s.
   */
  public static RequestRecord[] reference() {
    return new RequestRecord[] {
        ok(Phase.PROFILING, "r1", 1_000_000_000L, new long[] {100, 150, 200}, 300, 100, 4, null),
        ok(Phase.PROFILING, "r2", 1_100_000_000L, new long[] {200, 260}, 400, 200, 3, null),
        ok(Phase.PROFILING, "r3", 1_200_000_000L, new long[] {300, 400, 450, 500}, 500, 300, 5, 1),
        failed("r4", 1_300_000_000L, 10, ErrorKind.RATE_LIMITED, 429, "slow down"),
        failed("r5", 1_050_000_000L, 5, ErrorKind.CONTEXT_OVERFLOW, 400, "maximum context length exceeded"),
    };
  }
}
