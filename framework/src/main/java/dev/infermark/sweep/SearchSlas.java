package dev.infermark.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.api.Stat;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.slo.SloSource;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;

/**
 * The SLOs of {@code infermark.search-sla}, AIPerf's {@code TAG:STAT:OP:THRESHOLD}: each an SLO of
 * every run (its own node, verdict row and {@code slo_results} entry), so that a search has
 * objectives on a scenario without {@code @Slo}s. Thresholds are in the metric's own unit.
 */
public final class SearchSlas implements SloSource {
  @Override
  public List<SloSpec> slos(Declaring scenario, Settings settings) {
    return parse(settings.get(SearchKeys.SEARCH_SLA));
  }

  /**
   * The SLOs of the setting's entries.
   *
   * @throws IllegalArgumentException naming the setting and the entry that is not TAG:STAT:OP:THRESHOLD
   */
  static List<SloSpec> parse(List<String> entries) {
    List<SloSpec> out = new ArrayList<>();
    for (String e : entries) {
      String[] p = e.strip().split(":");
      if (p.length != 4) {
        throw bad(e, "expected TAG:STAT:OP:THRESHOLD, e.g. time_to_first_token:p95:lt:200");
      }
      String tag = p[0].strip();
      if (MetricDefs.get(tag) == null) {
        throw bad(e, tag.equals("request_error_rate")
            ? "every run's error_rate check does this (infermark.failed-request-threshold)"
            : "no metric " + tag + SettingsRegistry.closest(tag, MetricDefs.tags(), 4).map(c -> " (did you mean " + c + "?)")
                .orElse(""));
      }
      String stat = p[1].strip().toLowerCase(Locale.ROOT);
      try {
        Stat.of(stat);
      } catch (IllegalArgumentException x) {
        throw bad(e, "no statistic " + stat + " (avg, p50, p90, p95, p99, value, ...)");
      }
      double threshold;
      try {
        threshold = Double.parseDouble(p[3].strip());
      } catch (NumberFormatException x) {
        throw bad(e, "'" + p[3].strip() + "' is not a number");
      }
      String op = p[2].strip().toLowerCase(Locale.ROOT);
      double min = Double.NaN;
      double max = Double.NaN;
      switch (op) {
        case "lt", "le" -> max = threshold;
        case "gt", "ge" -> min = threshold;
        default -> throw bad(e, "no operator " + op + " (lt, le, gt, ge)");
      }
      out.add(new SloSpec(tag, stat, min, max, "", "", ""));
    }
    return out;
  }

  private static IllegalArgumentException bad(String entry, String why) {
    return new IllegalArgumentException(SearchKeys.SEARCH_SLA + ": '" + entry.strip() + "': " + why);
  }
}
