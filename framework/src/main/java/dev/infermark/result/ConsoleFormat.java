package dev.infermark.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import dev.infermark.api.request.Phase;
import dev.infermark.metrics.ErrorCount;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.Summary;

/**
 * The console table at the end of a run: the profiling distributions with avg/min/max/p99/p90/p50/std,
 * the per-run values, the errors, the self-check's warning and the requests per URL.
 */
public final class ConsoleFormat implements ResultFormat {
  @Override
  public String name() {
    return ResultFormats.CONSOLE;
  }

  @Override
  public String description() {
    return "the results table on the console";
  }

  @Override
  public boolean appliesTo(RunResults results) {
    return results.measured().isPresent();
  }

  @Override
  public void write(RunResults results, Consumer<String> console) {
    Recorded rec = results.recorded();
    String title = "infermark " + results.info().scenario() + (results.info().cancelled() ? " (CANCELLED: partial results)" : "")
        + " — " + Phase.PROFILING.label();
    table(title, rec.profiling(), rec.selfCheck()).forEach(console);
    if (rec.urls().size() >= 2) {
      console.accept("profiling requests per URL: " + String.join(", ", rec.urls().stream()
          .map(u -> String.format(Locale.ROOT, "%s %d (%d failed)", u.url(), u.requestCount() + u.errorRequestCount(),
              u.errorRequestCount())).toList()));
    }
  }

  /** The table's lines. */
  public static List<String> table(String title, Summary s, SelfCheckResult selfCheck) {
    List<String> lines = new ArrayList<>();
    String row = "%-44s %12s %12s %12s %12s %12s %12s %12s";
    lines.add(title);
    lines.add(String.format(Locale.ROOT, row, "Metric", "avg", "min", "max", "p99", "p90", "p50", "std"));
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Distribution d) {
        Stats st = d.stats();
        lines.add(String.format(Locale.ROOT, row, d.header() + " (" + d.unit() + ")", num(st.avg()), num(st.min()),
            num(st.max()), num(st.p99()), num(st.p90()), num(st.p50()), num(st.std())));
      }
    }
    for (MetricValue m : s.metrics()) {
      if (m instanceof MetricValue.Scalar sc) {
        lines.add(String.format(Locale.ROOT, "%-44s %12s", sc.header() + " (" + sc.unit() + ")", num(sc.value())));
      }
    }
    for (ErrorCount e : s.errors()) {
      lines.add(String.format(Locale.ROOT, "errors: %d x %s (code %d, %s): %s", e.count(), e.kind().name().toLowerCase(Locale.ROOT),
          e.code(), e.type(), e.message()));
    }
    if (selfCheck != null) {
      selfCheck.consoleLine().ifPresent(lines::add);
    }
    return lines;
  }

  private static String num(double v) {
    return AiperfCsvFormat.num(v);
  }
}
