package dev.infermark.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.infermark.metrics.ErrorCount;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.Summary;
import dev.infermark.result.RunInfo;
import tools.jackson.databind.JsonNode;

/**
 * {@code profile_export_aiperf.json} (agentx spec §4.4) as records, in AIPerf's field order:
 * the one place its layout is written down. The top level is ordered explicitly (its metric keys
 * are the run's metric tags); each part is a record Jackson serialises; the methodology's extras
 * ({@link RunInfo#extras()}) are merged last: top-level keys replace in place, {@code metadata}
 * merges key by key.
 */
public final class AiperfJson {
  /** The version of the JSON layout infermark writes. */
  public static final String SCHEMA_VERSION = "1.0";

  /**
   * The top-level fields the file always has (besides the metric tags): a methodology's own section
   * ({@code RunContext.export}) may not take one of these names.
   */
  public static final java.util.Set<String> FIXED_FIELDS = java.util.Set.of("schema_version", "producer", "benchmark_id",
      "input_config", "run_info", "was_cancelled", "is_complete", "incomplete_reason", "error_summary", "start_time",
      "end_time", "telemetry_data", "warmup_metrics", "metadata", "slo_results");

  private AiperfJson() {}

  /** A distribution's statistics, in display units. */
  @JsonPropertyOrder({"unit", "avg", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "min", "max", "std", "count",
      "sum", "precision"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DistributionJson(String unit, double avg, double p1, double p5, double p10, double p25, double p50, double p75,
      double p90, double p95, double p99, double min, double max, double std, long count, double sum, String precision) {
    static DistributionJson of(MetricValue.Distribution d) {
      Stats s = d.stats();
      return new DistributionJson(d.unit(), s.avg(), s.p1(), s.p5(), s.p10(), s.p25(), s.p50(), s.p75(), s.p90(), s.p95(),
          s.p99(), s.min(), s.max(), s.std(), s.count(), s.sum(), d.precision().equals("exact") ? null : d.precision());
    }
  }

  /** A per-run value: AIPerf writes it as {@code avg}. */
  @JsonPropertyOrder({"unit", "avg"})
  public record ScalarJson(String unit, double avg) {}

  /** {@code run_info}. */
  @JsonPropertyOrder({"benchmark_id", "random_seed", "trial", "scenario"})
  public record RunInfoJson(@JsonProperty("benchmark_id") String benchmarkId, @JsonProperty("random_seed") long randomSeed,
      int trial, String scenario) {}

  /** One {@code error_summary} entry. */
  @JsonPropertyOrder({"error_details", "count"})
  public record ErrorJson(@JsonProperty("error_details") ErrorDetails errorDetails, long count) {
    static ErrorJson of(ErrorCount e) {
      return new ErrorJson(new ErrorDetails(e.code(), e.type(), e.message(), e.kind().name().toLowerCase(Locale.ROOT)), e.count());
    }
  }

  /** A failed request's error, as AIPerf details it. */
  @JsonPropertyOrder({"code", "type", "message", "kind"})
  public record ErrorDetails(int code, String type, String message, String kind) {}

  /** One {@code metadata.urls} entry. */
  @JsonPropertyOrder({"url", "request_count", "error_request_count", "warmup_request_count"})
  public record UrlJson(String url, @JsonProperty("request_count") long requestCount,
      @JsonProperty("error_request_count") long errorRequestCount,
      @JsonProperty("warmup_request_count") long warmupRequestCount) {}

  /** The client self-check in {@code metadata.client_self_check}; unmeasured values left out. */
  @JsonPropertyOrder({"scheduler_lag_p50_ms", "scheduler_lag_p99_ms", "scheduler_lag_max_ms", "connection_wait_p50_ms",
      "connection_wait_p99_ms", "connection_wait_max_ms", "cpu_cores", "cpu_fraction", "cpu_us_per_read", "reads", "processors",
      "warning"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record SelfCheckJson(@JsonProperty("scheduler_lag_p50_ms") Double schedulerLagP50Ms,
      @JsonProperty("scheduler_lag_p99_ms") Double schedulerLagP99Ms,
      @JsonProperty("scheduler_lag_max_ms") Double schedulerLagMaxMs,
      @JsonProperty("connection_wait_p50_ms") Double connectionWaitP50Ms,
      @JsonProperty("connection_wait_p99_ms") Double connectionWaitP99Ms,
      @JsonProperty("connection_wait_max_ms") Double connectionWaitMaxMs,
      @JsonProperty("cpu_cores") Double cpuCores, @JsonProperty("cpu_fraction") Double cpuFraction,
      @JsonProperty("cpu_us_per_read") Double cpuUsPerRead, Long reads, Integer processors, String warning) {
    static SelfCheckJson of(SelfCheckResult r) {
      return new SelfCheckJson(r.schedulerLagP50Ms(), r.schedulerLagP99Ms(), r.schedulerLagMaxMs(), r.poolWaitP50Ms(),
          r.poolWaitP99Ms(), r.poolWaitMaxMs(), r.cpuCores(), r.cpuFraction(), r.cpuUsPerRead(), r.reads(), r.processors(),
          r.warning());
    }
  }

  /** The whole file, as the ordered tree Jackson writes. */
  public static Map<String, Object> tree(RunInfo info, Recorded rec) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schema_version", SCHEMA_VERSION);
    root.put("producer", "infermark");
    root.put("benchmark_id", info.benchmarkId());
    root.putAll(metrics(rec.profiling()));
    root.put("input_config", info.settings());
    root.put("run_info", new RunInfoJson(info.benchmarkId(), info.seed(), info.trial(), info.scenario()));
    root.put("was_cancelled", info.cancelled());
    root.put("is_complete", !info.cancelled());
    root.put("incomplete_reason", info.cancelled() ? "cancelled" : null);
    root.put("error_summary", errors(rec.profiling()));
    root.put("start_time", rec.start() == null ? null : rec.start().toString());
    root.put("end_time", rec.end() == null ? null : rec.end().toString());
    root.put("telemetry_data", null);
    Summary w = rec.warmup();
    if (w != null && (w.requestCount() > 0 || w.errorCount() > 0)) {
      Map<String, Object> warm = new LinkedHashMap<>(metrics(w));
      warm.put("error_summary", errors(w));
      root.put("warmup_metrics", warm);
    } else {
      root.put("warmup_metrics", null);
    }
    Map<String, Object> md = new LinkedHashMap<>();
    md.put("scenario", info.scenario());
    info.verdict().ifPresent(v -> {
      md.put("submission_valid", v.valid());
      if (!v.valid()) {
        md.put("submission_invalid_reasons", List.copyOf(v.reasons()));
      }
    });
    if (rec.selfCheck() != null) {
      md.put("client_self_check", SelfCheckJson.of(rec.selfCheck()));
    }
    if (rec.droppedInputs() > 0) {
      md.put("inputs_dropped_payloads", rec.droppedInputs());
    }
    root.put("metadata", md);
    if (info.extras() != null) {
      for (Map.Entry<String, JsonNode> e : info.extras().properties()) {
        if (e.getKey().equals("metadata") && e.getValue().isObject()) {
          e.getValue().properties().forEach(m -> md.put(m.getKey(), m.getValue()));
        } else {
          root.put(e.getKey(), e.getValue());
        }
      }
    }
    if (!rec.urls().isEmpty()) {
      md.put("urls", rec.urls().stream()
          .map(u -> new UrlJson(u.url(), u.requestCount(), u.errorRequestCount(), u.warmupRequestCount())).toList());
    }
    return root;
  }

  /** A phase's metrics by tag, in report order. */
  static Map<String, Object> metrics(Summary s) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (MetricValue m : s.metrics()) {
      out.put(m.tag(), switch (m) {
        case MetricValue.Scalar sc -> new ScalarJson(sc.unit(), sc.value());
        case MetricValue.Distribution d -> DistributionJson.of(d);
      });
    }
    return out;
  }

  static List<ErrorJson> errors(Summary s) {
    return s.errors().stream().map(ErrorJson::of).toList();
  }
}
