package dev.infermark.baseline;

import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/** The regression gate's settings (docs/sweeps.md#regression-gates). */
public final class BaselineKeys implements KeyCatalog {
  public static final SettingKey<String> BASELINE = SettingKey.string("baseline", null,
      "A run to compare every run with: a run folder of this scenario, latest (the scenario's last run, as it is when "
          + "the run is discovered), an AIPerf artifact folder or a vllm bench serve result JSON. Every @Slo metric and "
          + "each of regression-metrics becomes a regression check; a run of another scenario is refused.");
  public static final SettingKey<Double> REGRESSION_THRESHOLD = SettingKey.decimal("regression-threshold", 0.05,
      "A regression check fails when the statistic got worse by more than this share (0.05 is 5 %) and its confidence "
          + "interval (confidence-level) lies wholly on the worse side.");
  public static final SettingKey<List<String>> REGRESSION_METRICS = SettingKey.list("regression-metrics", "",
      "More statistics to compare with the baseline besides the @Slo ones, METRIC:STAT, comma-separated: "
          + "request_latency:p50,output_token_throughput:value (a per-run value needs num-profile-runs >= 2 on both runs).");
  public static final SettingKey<Integer> REGRESSION_RESAMPLES = SettingKey.integer("regression-resamples", 1000,
      "Bootstrap resamples of the per-request values behind a regression check's confidence interval.");

  private static final List<SettingKey<?>> ALL = List.of(BASELINE, REGRESSION_THRESHOLD, REGRESSION_METRICS,
      REGRESSION_RESAMPLES);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
