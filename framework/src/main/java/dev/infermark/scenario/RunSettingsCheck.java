package dev.infermark.scenario;

import java.util.HashSet;
import java.util.Set;

import dev.infermark.metrics.Goodput;
import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.Settings;
import dev.infermark.settings.TypedSettings;
import dev.infermark.slo.SloSpec;

/**
 * What a run's resolved settings ask that its scenario cannot give, found at discovery (before any load) and named:
 * a workload setting ({@link KeyCatalog#workloadKeys()}, e.g. the chat scenario's {@code isl}) the user gave a
 * scenario whose workload does not read it, a malformed {@code goodput}, or an {@code @Slo} on goodput without the
 * bounds that define it. A flag a scenario cannot honour is never accepted and ignored.
 */
final class RunSettingsCheck {
  private RunSettingsCheck() {}

  /** @throws IllegalArgumentException naming the setting and what to do */
  static void check(ScenarioModel model, Settings s, SettingsRegistry registry) {
    workloadKeys(model, s, registry);
    goodput(model, s);
  }

  private static void workloadKeys(ScenarioModel model, Settings s, SettingsRegistry registry) {
    Set<String> reads = null;
    for (String name : s.entries().keySet()) {
      var catalog = registry.workloadKey(name);
      if (catalog.isEmpty() || !s.isExplicit(name)) {
        continue;
      }
      if (reads == null) {
        reads = new HashSet<>();
        for (Class<?> t : model.typedSettings()) {
          reads.addAll(TypedSettings.reads(t, registry));
        }
      }
      if (!reads.contains(name)) {
        throw new IllegalArgumentException("infermark." + name + ": " + model.name() + "'s workload does not read it, so it "
            + "would have no effect (it is a setting of the workloads that read it, " + SettingsRegistry.title(catalog.get())
            + "); remove it, or run a scenario that reads it");
      }
    }
  }

  private static void goodput(ScenarioModel model, Settings s) {
    Goodput bounds = Goodput.parse(s.get(Keys.GOODPUT)); // a malformed value fails here, naming the setting
    if (bounds.active()) {
      return;
    }
    for (SloSpec slo : model.slos(s)) {
      if (SloSpec.GOODPUT_METRICS.contains(slo.metric())) {
        throw new IllegalArgumentException("@Slo on " + slo.metric() + " (" + slo.displayName() + "): goodput counts the "
            + "requests that meet bounds, and " + Keys.GOODPUT.property() + " gives none: set it (metric:threshold pairs, "
            + "e.g. time_to_first_token:200 inter_token_latency:50), on the scenario with @Default(key = Setting.GOODPUT, "
            + "value = \"...\") or as --goodput");
      }
    }
  }
}
