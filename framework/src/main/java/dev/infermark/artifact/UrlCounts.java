package dev.infermark.artifact;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.result.Recorded;

/**
 * Requests per {@code infermark.url}, from each record's {@link RequestRecord#urlIndex}: written as
 * {@code metadata.urls} of {@code profile_export_aiperf.json}. Over the URLs, {@code request_count}
 * and {@code error_request_count} add up to the profiling totals, {@code warmup_request_count} to
 * the warmup requests. Not thread-safe: the {@link RunRecorder} serialises calls.
 */
final class UrlCounts {
  private final List<URI> urls;
  private final long[] ok;
  private final long[] errors;
  private final long[] warmup;

  UrlCounts(List<URI> urls) {
    this.urls = List.copyOf(urls);
    this.ok = new long[urls.size()];
    this.errors = new long[urls.size()];
    this.warmup = new long[urls.size()];
  }

  void add(RequestRecord r) {
    int i = r.urlIndex();
    if (i < 0 || i >= urls.size()) {
      return;
    }
    if (r.phase() == Phase.WARMUP) {
      warmup[i]++;
    } else if (r.ok()) {
      ok[i]++;
    } else {
      errors[i]++;
    }
  }

  /** The counts per URL, in URL order. */
  List<Recorded.UrlCount> counts() {
    List<Recorded.UrlCount> out = new ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      out.add(new Recorded.UrlCount(urls.get(i).toString(), ok[i], errors[i], warmup[i]));
    }
    return out;
  }
}
