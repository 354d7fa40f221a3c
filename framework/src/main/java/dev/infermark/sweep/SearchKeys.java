package dev.infermark.sweep;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/** The settings of sweeps and SLA searches (docs/sweeps.md); AIPerf's {@code --search-*} names where they mean the same. */
public final class SearchKeys implements KeyCatalog {
  public static final SettingKey<String> SEARCH_SPACE = SettingKey.string("search-space", null,
      "SLA search: find the largest value of a load setting at which a run passes the scenario's SLOs, as SETTING:FROM,TO "
          + "(concurrency:1,1024; AIPerf's phases.profiling.concurrency:1,1000:int is read too). Each probe is a run. "
          + "Unset: the scenario's @Search, else no search. See docs/sweeps.md.");
  public static final SettingKey<String> SEARCH_STYLE = SettingKey.string("search-style", "monotonic",
      "How the search moves: monotonic (growth by search-growth-factor until a probe fails, then bisection), the only "
          + "style; AIPerf's smooth_isotonic, bo and grid are refused by name.");
  public static final SettingKey<String> SEARCH_PRECISION = SettingKey.string("search-precision", null,
      "The search's bisection stops when the last pass and the first fail are this close: a gap (1) or a percentage of "
          + "the failing value (5%). Unset: the @Search's, else 1 for whole-numbered settings (concurrency), 5% for others.");
  public static final SettingKey<Double> SEARCH_GROWTH_FACTOR = SettingKey.decimal("search-growth-factor", null,
      "The search's exponential stage multiplies the value by this (above 1). Unset: the @Search's, else 2.");
  public static final SettingKey<Integer> SEARCH_MAX_ITERATIONS = SettingKey.integer("search-max-iterations", null,
      "The most probes of a search; it then stops and reports the bracket it reached (not converged). 0: no limit. "
          + "Unset: the @Search's, else 0.");
  public static final SettingKey<List<String>> SEARCH_SLA = SettingKey.list("search-sla", "",
      "More SLOs for every run (and so for a search), AIPerf's TAG:STAT:OP:THRESHOLD, comma-separated: "
          + "time_to_first_token:p95:lt:200 (the metric's unit: ms for latencies). lt and le both mean at most, gt and ge "
          + "at least (infermark's bounds are inclusive).");

  private static final List<SettingKey<?>> ALL = List.of(SEARCH_SPACE, SEARCH_STYLE, SEARCH_PRECISION, SEARCH_GROWTH_FACTOR,
      SEARCH_MAX_ITERATIONS, SEARCH_SLA);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
