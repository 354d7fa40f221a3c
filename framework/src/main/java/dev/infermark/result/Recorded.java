package dev.infermark.result;

import java.time.Instant;
import java.util.List;

import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.metrics.Summary;

/**
 * What a run's recording measured from its records: the per-phase summaries (typed metric
 * statistics and error summary), the profiling window, the client self-check, and the requests per URL.
 *
 * @param profiling the profiling phase's summary
 * @param warmup the warmup phase's summary
 * @param start the profiling window's start ({@code null} when it never started)
 * @param end the profiling window's end ({@code null} when it never started)
 * @param selfCheck the client self-check
 * @param droppedInputs request bodies inputs.json dropped (over its budget)
 * @param urls requests per {@code infermark.url} in URL order (empty when the client was not attached)
 */
public record Recorded(Summary profiling, Summary warmup, Instant start, Instant end, SelfCheckResult selfCheck,
    long droppedInputs, List<UrlCount> urls) {
  public Recorded {
    urls = List.copyOf(urls);
  }

  /** Requests sent to one URL ({@code metadata.urls} of {@code profile_export_aiperf.json}). */
  public record UrlCount(String url, long requestCount, long errorRequestCount, long warmupRequestCount) {}
}
