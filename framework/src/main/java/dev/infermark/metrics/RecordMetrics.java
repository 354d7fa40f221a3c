package dev.infermark.metrics;

import java.util.List;

import dev.infermark.api.Metric;
import dev.infermark.api.request.RequestRecord;

/**
 * The per-request metrics of one record with AIPerf's definitions (agentx spec §4.2). Latencies are
 * in ns (display unit ms); an absent value is {@code null}.
 *
 * <ul>
 *   <li>TTFT = first content chunk − start; TTST = second − first content chunk;</li>
 *   <li>request latency = last response byte − start;</li>
 *   <li>ITL = (request latency − TTFT) / (OSL − 1), only for a streamed response (a content chunk
 *       before the end) with OSL ≥ 2; output token throughput per user = 1 / ITL;</li>
 *   <li>full-response ITL = (end of the response − first content chunk) / (OSL − 1), under the same
 *       conditions as ITL (AIPerf's {@code full_response_inter_token_latency}: its decode window runs to
 *       the end of the HTTP response); full-response output token throughput per user = 1 / it. Our
 *       request latency already ends at the last byte, so the two ITLs are equal here; AIPerf's own
 *       ITL stops at the last content chunk;</li>
 *   <li>E2E output token throughput per user = OSL / request latency;</li>
 *   <li>inter-chunk latencies = differences of consecutive content-chunk times;</li>
 *   <li>from the request's intended instant (its due instant: an open loop's arrival, a replay's turn, the
 *       moment a closed loop's iteration sent it), absent when it has none: schedule lag = start − intended (how
 *       long it waited before it left: a cap, a client queue, a late timer); effective TTFT = first content chunk −
 *       intended; effective latency = last response byte − intended (AIPerf's {@code effective_latency}). They
 *       include what the actual-send latencies leave out, so queueing shows.</li>
 * </ul>
 */
public record RecordMetrics(Double ttftNs, Double ttstNs, Double requestLatencyNs, Double itlNs, Double outputTpsPerUser,
    Double fullResponseItlNs, Double fullResponseTpsPerUser, Double e2eOutputSpeed, Integer isl, Integer osl, Integer outputTokens, Integer reasoningTokens, Integer cachedTokens,
    long[] iclNs, Double scheduleLagNs, Double effectiveTtftNs, Double effectiveLatencyNs) {

  /** The per-request metrics, in report order: the intended-instant ones beside the actual-send latencies. */
  public static final List<Metric> PER_RECORD = MetricDefs.perRecord();

  public static RecordMetrics of(RequestRecord r) {
    long[] c = r.contentChunkNs();
    Double ttft = c.length > 0 ? (double) (c[0] - r.startNs()) : null;
    Double ttst = c.length > 1 ? (double) (c[1] - c[0]) : null;
    Double latency = r.endNs() >= r.startNs() && r.startNs() > 0 ? (double) (r.endNs() - r.startNs()) : null;
    Integer osl = r.outputSequenceLength();
    Double itl = null;
    Double perUser = null;
    Double fullItl = null;
    Double fullPerUser = null;
    boolean streamed = c.length > 1 || (c.length == 1 && r.endNs() > c[0]);
    if (ttft != null && latency != null && osl != null && osl >= 2 && streamed) {
      itl = (latency - ttft) / (osl - 1);
      perUser = itl > 0 ? 1e9 / itl : null;
      fullItl = (double) (r.endNs() - c[0]) / (osl - 1);
      fullPerUser = fullItl > 0 ? 1e9 / fullItl : null;
    }
    Double e2e = latency != null && latency > 0 && osl != null ? osl / (latency / 1e9) : null;
    long[] icl = new long[Math.max(0, c.length - 1)];
    for (int i = 1; i < c.length; i++) {
      icl[i - 1] = c[i] - c[i - 1];
    }
    boolean intended = r.dueNs() >= 0 && r.startNs() > 0;
    Double lag = intended ? (double) Math.max(0, r.startNs() - r.dueNs()) : null;
    Double effectiveTtft = intended && c.length > 0 ? (double) (c[0] - r.dueNs()) : null;
    Double effectiveLatency = intended && latency != null ? (double) (r.endNs() - r.dueNs()) : null;
    return new RecordMetrics(ttft, ttst, latency, itl, perUser, fullItl, fullPerUser, e2e, r.inputTokens(), osl, r.outputTokens(),
        r.reasoningTokens(), r.cachedTokens(), icl, lag, effectiveTtft, effectiveLatency);
  }

  /** What a display value is divided by from the stored one (1e6 for ms metrics, else 1). */
  public static double divisor(Metric m) {
    return "ms".equals(m.unit()) ? 1e6 : 1;
  }

  /** A scalar per-request metric in its stored unit (ns for latencies), or {@code null}. */
  public Double raw(Metric m) {
    return switch (m) {
      case TIME_TO_FIRST_TOKEN -> ttftNs;
      case TIME_TO_SECOND_TOKEN -> ttstNs;
      case REQUEST_LATENCY -> requestLatencyNs;
      case INTER_TOKEN_LATENCY -> itlNs;
      case OUTPUT_TOKEN_THROUGHPUT_PER_USER -> outputTpsPerUser;
      case FULL_RESPONSE_INTER_TOKEN_LATENCY -> fullResponseItlNs;
      case FULL_RESPONSE_OUTPUT_TOKEN_THROUGHPUT_PER_USER -> fullResponseTpsPerUser;
      case E2E_OUTPUT_TOKEN_THROUGHPUT -> e2eOutputSpeed;
      case INPUT_SEQUENCE_LENGTH -> num(isl);
      case OUTPUT_SEQUENCE_LENGTH -> num(osl);
      case OUTPUT_TOKEN_COUNT -> num(outputTokens);
      case REASONING_TOKEN_COUNT -> num(reasoningTokens);
      case USAGE_PROMPT_CACHE_READ_TOKENS -> num(cachedTokens);
      case SCHEDULE_LAG -> scheduleLagNs;
      case EFFECTIVE_TIME_TO_FIRST_TOKEN -> effectiveTtftNs;
      case EFFECTIVE_LATENCY -> effectiveLatencyNs;
      default -> null;
    };
  }

  /** A scalar per-request metric in its display unit (ms for latencies), or {@code null}. */
  public Double displayValue(Metric m) {
    Double v = raw(m);
    return v == null ? null : v / divisor(m);
  }

  private static Double num(Integer i) {
    return i == null ? null : i.doubleValue();
  }
}
