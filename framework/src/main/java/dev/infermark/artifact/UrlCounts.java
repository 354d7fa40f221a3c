package dev.infermark.artifact;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.json.Json;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

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

  ArrayNode json() {
    ArrayNode a = Json.MAPPER.createArrayNode();
    for (int i = 0; i < urls.size(); i++) {
      ObjectNode o = a.addObject();
      o.put("url", urls.get(i).toString());
      o.put("request_count", ok[i]);
      o.put("error_request_count", errors[i]);
      o.put("warmup_request_count", warmup[i]);
    }
    return a;
  }

  /** One console line for several URLs ({@code null} for one). */
  String line() {
    if (urls.size() < 2) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      parts.add(String.format(Locale.ROOT, "%s %d (%d failed)", urls.get(i), ok[i] + errors[i], errors[i]));
    }
    return "profiling requests per URL: " + String.join(", ", parts);
  }
}
