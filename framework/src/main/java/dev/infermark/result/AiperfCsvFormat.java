package dev.infermark.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import dev.infermark.files.AtomicFile;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.Summary;

/** {@code profile_export_aiperf.csv}: the profiling distributions table, a blank line, then the per-run values (AIPerf's layout). */
public final class AiperfCsvFormat implements ResultFormat {
  public static final String NAME = "aiperf-csv";
  public static final String FILE = "profile_export_aiperf.csv";
  private static final List<String> STATS =
      List.of("avg", "min", "max", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "std");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return FILE;
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.measured().isPresent();
  }

  @Override
  public void write(RunResults results, Consumer<String> console) throws IOException {
    Path file = results.runDir().resolve(FILE);
    AtomicFile.writeString(file, csv(results.recorded().profiling()));
  }

  /** The file's text. */
  public static String csv(Summary s) {
    StringBuilder sb = new StringBuilder("Metric," + String.join(",", STATS) + "\n");
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Distribution d) {
        sb.append(field(d.header() + " (" + d.unit() + ")"));
        for (String stat : STATS) {
          sb.append(',').append(num(d.stats().get(stat)));
        }
        sb.append('\n');
      }
    }
    sb.append("\nMetric,Value\n");
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Scalar sc) {
        sb.append(field(sc.header() + " (" + sc.unit() + ")")).append(',').append(num(sc.value())).append('\n');
      }
    }
    return sb.toString();
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static String field(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
