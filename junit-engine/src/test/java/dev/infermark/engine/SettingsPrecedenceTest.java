package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import dev.infermark.engine.fixtures.SettingsEchoScenario;
import dev.infermark.engine.fixtures.TypedSettingsScenario;

/** Scenario defaults < preset < junit-platform.properties (configuration parameters) < -D system properties. */
class SettingsPrecedenceTest {
  @TempDir
  Path artifacts;

  private Map<String, String> run(Map<String, String> config) {
    EngineTestKit.Builder kit = EngineTestKit.engine(TestRuntime.engine()).selectors(selectClass(SettingsEchoScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString());
    config.forEach(kit::configurationParameter);
    Map<String, String> entries = new HashMap<>();
    kit.execute().allEvents().reportingEntryPublished().stream().map(Event::getPayload)
        .forEach(p -> p.filter(ReportEntry.class::isInstance).map(ReportEntry.class::cast)
            .ifPresent(e -> entries.putAll(e.getKeyValuePairs())));
    return entries;
  }

  @Test
  void scenarioDefaultsApplyWhenNothingElseIsSet() {
    Map<String, String> e = run(Map.of());
    assertThat(e).containsEntry("concurrency", "3@SCENARIO").containsEntry("model", "scenario-model@SCENARIO")
        .containsEntry("request-count", "11@SCENARIO");
  }

  @Test
  void presetBeatsScenarioAndConfigurationBeatsPreset() {
    Map<String, String> e = run(Map.of("infermark.preset", "smoke", "infermark.model", "config-model"));
    assertThat(e).containsEntry("request-count", "22@PRESET").containsEntry("model", "config-model@CONFIGURATION");
  }

  @Test
  void aParamWithASettingSweepsThatSetting() {
    EngineTestKit.Builder kit = EngineTestKit.engine(TestRuntime.engine())
        .selectors(selectClass(dev.infermark.engine.fixtures.ConcurrencySweepScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString());
    java.util.List<String> seen = kit.execute().allEvents().reportingEntryPublished().stream().map(Event::getPayload)
        .flatMap(p -> p.filter(ReportEntry.class::isInstance).map(ReportEntry.class::cast).stream())
        .map(e -> e.getKeyValuePairs().get("seen")).filter(java.util.Objects::nonNull).toList();
    assertThat(seen).containsExactly("2:[2]@SCENARIO", "5:[5]@SCENARIO");
  }

  @Test
  void aSweptSettingGivenByTheUserFailsTheRunNamingTheParamToUse() {
    EngineTestKit.Builder kit = EngineTestKit.engine(TestRuntime.engine())
        .selectors(selectClass(dev.infermark.engine.fixtures.ConcurrencySweepScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.concurrency", "7")
        .configurationParameter("infermark.artifact-dir", artifacts.toString());
    kit.execute().testEvents().assertThatEvents().haveExactly(2, org.junit.platform.testkit.engine.EventConditions.event(
        org.junit.platform.testkit.engine.EventConditions.finishedWithFailure(
            org.junit.platform.testkit.engine.TestExecutionResultConditions.message(m -> m.contains(
                "infermark.concurrency is swept by the @Param field users: give its values as infermark.param.users=7")))));
  }

  @Test
  void aTypedSettingsInterfaceIsInjectedWithTheRunsValues() {
    EngineTestKit.Builder kit = EngineTestKit.engine(TestRuntime.engine()).selectors(selectClass(TypedSettingsScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.request-count", "4");
    Map<String, String> entries = new HashMap<>();
    kit.execute().allEvents().reportingEntryPublished().stream().map(Event::getPayload)
        .forEach(p -> p.filter(ReportEntry.class::isInstance).map(ReportEntry.class::cast)
            .ifPresent(e -> entries.putAll(e.getKeyValuePairs())));
    assertThat(entries).containsEntry("typed", "90s none 4");
  }

  @Test
  void systemPropertyBeatsConfiguration() {
    String key = "infermark.concurrency";
    String prior = System.getProperty(key);
    System.setProperty(key, "7");
    try {
      Map<String, String> e = run(Map.of(key, "5"));
      assertThat(e).containsEntry("concurrency", "7@SYSTEM_PROPERTY");
    } finally {
      if (prior == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, prior);
      }
    }
  }
}
