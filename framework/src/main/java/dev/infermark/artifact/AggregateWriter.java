package dev.infermark.artifact;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.Summary;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The multi-run aggregate ({@code num-profile-runs} ≥ 2): {@code aggregate/profile_export_aiperf_aggregate.json}
 * with, per metric, {@code mean, std, min, max, cv, se, ci_low, ci_high, t_critical, unit} over the
 * runs (agentx spec §4.6): sample std (ddof 1), se = std/√n, Student-t interval with n−1 degrees of
 * freedom. A distribution contributes its per-run {@code avg} under its tag and its per-run
 * percentiles under {@code <tag>_p50}, {@code _p90}, {@code _p95}, {@code _p99}; a scalar its value.
 * Only metrics present in every successful run are aggregated.
 */
public final class AggregateWriter {
  public static final String DIR = "aggregate";
  public static final String FILE = "profile_export_aiperf_aggregate.json";
  private static final List<String> PERCENTILES = List.of("p50", "p90", "p95", "p99");

  private AggregateWriter() {}

  /** One aggregated metric. */
  public record Aggregate(double mean, double std, double min, double max, Double cv, double se, double ciLow,
      double ciHigh, double tCritical, String unit) {}

  /** Aggregates values of one metric over runs (n ≥ 2). */
  public static Aggregate aggregate(double[] v, double confidence, String unit) {
    int n = v.length;
    if (n < 2) {
      throw new IllegalArgumentException("an aggregate needs at least 2 runs, got " + n);
    }
    double mean = 0;
    for (double x : v) {
      mean += x;
    }
    mean /= n;
    double ss = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    double std = Math.sqrt(ss / (n - 1));
    double se = std / Math.sqrt(n);
    double t = StudentT.quantile((1 + confidence) / 2, n - 1);
    return new Aggregate(mean, std, min, max, mean == 0 ? null : std / mean, se, mean - t * se, mean + t * se, t, unit);
  }

  /**
   * Writes the aggregate file under {@code <runDir>/aggregate/}.
   *
   * @param runs the successful runs' profiling summaries (at least 2)
   * @param runLabels a label per successful run (e.g. its subdirectory)
   * @param failedRuns labels of runs that failed
   * @param numProfileRuns the runs requested
   * @param confidence the confidence level ({@code infermark.confidence-level})
   * @param verdict the scenario's submission verdict, if any
   * @return the file written
   */
  public static Path write(Path runDir, List<Summary> runs, List<String> runLabels, List<String> failedRuns,
      int numProfileRuns, double confidence, Optional<SubmissionVerdict> verdict) throws IOException {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("infermark.confidence-level: must be between 0 and 1, got " + confidence);
    }
    ObjectNode root = Json.object();
    ObjectNode metrics = root.putObject("metrics");
    for (MetricValue m : runs.get(0).metrics()) {
      if (runs.stream().allMatch(s -> s.find(m.tag()).isPresent())) {
        switch (m) {
          case MetricValue.Scalar s -> put(metrics, s.tag(), runs.stream().mapToDouble(r -> r.value(s.tag()).orElseThrow()).toArray(),
              confidence, s.unit());
          case MetricValue.Distribution d -> {
            put(metrics, d.tag(), runs.stream().mapToDouble(r -> r.stats(d.tag()).orElseThrow().avg()).toArray(), confidence,
                d.unit());
            for (String p : PERCENTILES) {
              put(metrics, d.tag() + "_" + p,
                  runs.stream().mapToDouble(r -> r.stats(d.tag()).orElseThrow().get(p)).toArray(), confidence, d.unit());
            }
          }
        }
      }
    }
    ObjectNode md = root.putObject("metadata");
    md.put("aggregation_type", "confidence");
    md.put("num_profile_runs", numProfileRuns);
    md.put("num_successful_runs", runs.size());
    ArrayNode failed = md.putArray("failed_runs");
    failedRuns.forEach(failed::add);
    md.put("confidence_level", confidence);
    md.put("cooldown_seconds", 0);
    ArrayNode labels = md.putArray("run_labels");
    runLabels.forEach(labels::add);
    verdict.ifPresent(v -> {
      md.put("submission_valid", v.valid());
      if (!v.valid()) {
        ArrayNode r = md.putArray("submission_invalid_reasons");
        v.reasons().forEach(r::add);
      }
    });
    Path dir = runDir.resolve(DIR);
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    AtomicFile.write(file, out -> Json.PRETTY.writeValue(out, root));
    return file;
  }

  private static void put(ObjectNode metrics, String key, double[] v, double confidence, String unit) {
    if (v.length < 2) {
      throw new IllegalArgumentException("an aggregate needs at least 2 successful runs, got " + v.length);
    }
    Aggregate a = aggregate(v, confidence, unit);
    ObjectNode o = metrics.putObject(key);
    o.put("mean", a.mean());
    o.put("std", a.std());
    o.put("min", a.min());
    o.put("max", a.max());
    if (a.cv() == null) {
      o.putNull("cv");
    } else {
      o.put("cv", a.cv());
    }
    o.put("se", a.se());
    o.put("ci_low", a.ciLow());
    o.put("ci_high", a.ciHigh());
    o.put("t_critical", a.tCritical());
    o.put("unit", a.unit());
  }
}
