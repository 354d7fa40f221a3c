package dev.infermark.servermetrics;

import java.util.List;
import java.util.Map;

/** AIPerf's unit inference from a metric name's suffix (longest suffix first); {@code null} when none fits. */
final class Units {
  private static final List<Map.Entry<String, String>> SUFFIXES = List.of(
      Map.entry("_error_count_total", "errors"), Map.entry("_seconds_total", "seconds"),
      Map.entry("_tokens_total", "tokens"), Map.entry("_requests_total", "requests"),
      Map.entry("_errors_total", "errors"), Map.entry("_blocks_total", "blocks"), Map.entry("_bytes_total", "bytes"),
      Map.entry("_error_count", "errors"), Map.entry("_block_count", "blocks"), Map.entry("_milliseconds", "milliseconds"),
      Map.entry("_nanoseconds", "nanoseconds"), Map.entry("_kilobytes", "kilobytes"), Map.entry("_megabytes", "megabytes"),
      Map.entry("_gigabytes", "gigabytes"), Map.entry("_ms_total", "milliseconds"), Map.entry("_ns_total", "nanoseconds"),
      Map.entry("_seconds", "seconds"), Map.entry("_requests", "requests"), Map.entry("_celsius", "celsius"),
      Map.entry("_percent", "percent"), Map.entry("_tokens", "tokens"), Map.entry("_errors", "errors"),
      Map.entry("_blocks", "blocks"), Map.entry("_joules", "joule"), Map.entry("_watts", "watt"),
      Map.entry("_bytes", "bytes"), Map.entry("_ratio", "ratio"), Map.entry("_total", "count"),
      Map.entry("_count", "count"), Map.entry("_perc", "percent"), Map.entry("_reqs", "requests"),
      Map.entry("_gb_s", "gb/s"), Map.entry("_ms", "milliseconds"), Map.entry("_ns", "nanoseconds"),
      Map.entry("request_success", "requests"));

  private Units() {}

  static String infer(String name) {
    for (Map.Entry<String, String> e : SUFFIXES) {
      if (name.endsWith(e.getKey())) {
        return e.getValue();
      }
    }
    return null;
  }
}
