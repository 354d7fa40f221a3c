package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.engine;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoveryIssue.Severity;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.engine.fixtures.FixedResultScenario;
import dev.infermark.engine.fixtures.SettingsEchoScenario;
import dev.infermark.engine.invalid.BadDefaultScenario;
import dev.infermark.engine.invalid.BadSloScenario;
import dev.infermark.engine.invalid.DoubtfulSloScenario;
import dev.infermark.engine.invalid.TypoLockScenario;
import dev.infermark.engine.invalid.TypoTypedSettingsScenario;

/**
 * Mistakes are found at discovery, before anything runs: in a scenario class (locks, defaults,
 * presets, SLOs) and in the user's settings (unknown keys, presets, parameters). Each is a JUnit
 * discovery issue with a did-you-mean; a scenario or run that cannot run stays a failing node.
 */
class DiscoveryIssuesTest {
  @TempDir
  Path artifacts;

  private EngineTestKit.Builder kit(Map<String, String> config, DiscoverySelector... selectors) {
    EngineTestKit.Builder kit = EngineTestKit.engine(TestRuntime.engine()).selectors(selectors)
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h");
    config.forEach(kit::configurationParameter);
    return kit;
  }

  private List<DiscoveryIssue> issues(Map<String, String> config, DiscoverySelector... selectors) {
    return kit(config, selectors).discover().getDiscoveryIssues();
  }

  private static List<String> messages(List<DiscoveryIssue> issues) {
    return issues.stream().map(DiscoveryIssue::message).toList();
  }

  @Test
  void aMisspeltLockKeyIsReportedWithDidYouMeanAndTheScenarioFails() {
    List<DiscoveryIssue> issues = issues(Map.of(), selectClass(TypoLockScenario.class));
    assertThat(messages(issues)).contains(
        "typo-lock: @Locked(key = \"streeming\"): unknown setting infermark.streeming; did you mean \"streaming\"? "
            + "(the known settings are listed in docs/settings.md)",
        "typo-lock: @Locked(key = \"benchmark-duration\") min: 'soon' is neither a number nor a duration");
    assertThat(issues).allMatch(i -> i.severity() == Severity.WARNING)
        .allMatch(i -> i.source().equals(java.util.Optional.of(ClassSource.from(TypoLockScenario.class))));

    EngineExecutionResults r = kit(Map.of(), selectClass(TypoLockScenario.class)).execute();
    r.testEvents().assertStatistics(s -> s.started(1).failed(1));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("TypoLockScenario"),
        finishedWithFailure(message(m -> m.contains("2 problems") && m.contains("did you mean \"streaming\"")
            && m.contains("'soon' is neither a number nor a duration")))));
  }

  @Test
  void defaultsAndPresetsAreChecked() {
    assertThat(messages(issues(Map.of(), selectClass(BadDefaultScenario.class)))).containsExactlyInAnyOrder(
        "bad-default: @Default(key = \"benchmark-duration\"): infermark.benchmark-duration: cannot use 'two minutes': "
            + "expected a duration such as 90s, 2m or 1h",
        "bad-default: @Default(key = \"concurency\"): unknown setting infermark.concurency; did you mean \"concurrency\"? "
            + "(the known settings are listed in docs/settings.md)",
        "bad-default: @Default(preset = \"smoke\", key = \"streaming\"): infermark.streaming: cannot use 'maybe': "
            + "expected true or false",
        "bad-default: @Default(preset = \"smoke test\"): a preset name is letters, digits, '-', '_' or '.', as given in "
            + "-Dinfermark.preset=NAME");
  }

  @Test
  void sloMetricsStatisticsAndUnitsAreChecked() {
    assertThat(messages(issues(Map.of(), selectClass(BadSloScenario.class)))).containsExactlyInAnyOrder(
        "bad-slo: @Slo(metric = \"time_to_frist_token\", stat = \"p95\"): unknown metric 'time_to_frist_token'; "
            + "did you mean 'time_to_first_token'? (A scenario's own metric needs a name of its own.)",
        "bad-slo: @Slo(metric = \"time_to_first_token\", stat = \"value\"): time_to_first_token is a distribution; "
            + "give a statistic, e.g. stat = Stat.P95",
        "bad-slo: @Slo(metric = \"request_throughput\", stat = \"p95\"): request_throughput is a single value, not a "
            + "distribution; leave stat out (it is Stat.VALUE)",
        "bad-slo: @Slo(metric = \"time_to_first_token\", stat = \"p95\"): unit 'tokens' does not fit time_to_first_token, "
            + "measured in ms (use s, ms, us or ns)",
        "bad-slo: @Slo(metric = \"accuracy\", stat = \"value\"): min 0.9 is above max 0.5, so it can never pass");
  }

  @Test
  void doubtfulSlosAreWordsNotFailures() {
    List<DiscoveryIssue> issues = issues(Map.of(), selectClass(DoubtfulSloScenario.class));
    assertThat(issues).extracting(DiscoveryIssue::severity).containsExactly(Severity.WARNING, Severity.INFO);
    assertThat(issues.get(0).message()).contains("report request_latency for the whole run, never per tier");
    assertThat(issues.get(1).message()).contains("'my_own_score' is not a metric infermark's generators report");
    kit(Map.of(), selectClass(DoubtfulSloScenario.class)).execute().testEvents()
        .assertThatEvents().haveExactly(1, event(test(), displayName("SLO [gold] p95 request_latency <= 1 s"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("SLO my_own_score >= 1"), finishedSuccessfully()));
  }

  @Test
  void typedSettingsInterfacesAreChecked() {
    assertThat(messages(issues(Map.of(), selectClass(TypoTypedSettingsScenario.class)))).containsExactly(
        "typo-typed-settings: @Workload parameter Reads: Reads.benchmarkDuraton() reads infermark.benchmark-duraton, which "
            + "is not a setting; did you mean infermark.benchmark-duration?",
        "typo-typed-settings: @Workload parameter Reads: Reads.concurrency() returns java.lang.String, but "
            + "infermark.concurrency is a java.util.List<java.lang.Integer> (declare List<Integer>)");
  }

  @Test
  void aBrokenScenarioDoesNotStopTheOthers() {
    EngineExecutionResults r = kit(Map.of(), selectClass(BadSloScenario.class), selectClass(FixedResultScenario.class)).execute();
    r.testEvents().assertStatistics(s -> s.started(11).failed(5).succeeded(4).aborted(2));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("BadSloScenario"),
        finishedWithFailure(message(m -> m.contains("5 problems")))));
  }

  @Test
  void anUnknownUserSettingIsAnIssueAndFailsEveryRun() {
    Map<String, String> config = Map.of("infermark.concurency", "4");
    assertThat(issues(config, selectClass(FixedResultScenario.class))).singleElement().satisfies(i -> {
      assertThat(i.severity()).isEqualTo(Severity.WARNING);
      assertThat(i.message()).startsWith("unknown setting infermark.concurency (from junit-platform.properties); "
          + "did you mean infermark.concurrency?");
    });
    kit(config, selectClass(FixedResultScenario.class)).execute().testEvents().assertStatistics(s -> s.started(2).failed(2));
  }

  @Test
  void aPresetNoSelectedScenarioHasIsAnIssueAndFailsItsRuns() {
    Map<String, String> config = Map.of("infermark.preset", "smok");
    assertThat(messages(issues(config, selectClass(SettingsEchoScenario.class), selectClass(FixedResultScenario.class))))
        .containsExactly("infermark.preset=smok: no selected scenario has this preset; did you mean smoke? (presets: smoke)");
    kit(config, selectClass(SettingsEchoScenario.class)).execute().testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("settings-echo run"),
            finishedWithFailure(message(m -> m.contains("did you mean smoke?")))));
  }

  @Test
  void aParameterNoSelectedScenarioHasIsAnIssueAndFailsItsRuns() {
    Map<String, String> config = Map.of("infermark.param.scal", "1");
    assertThat(messages(issues(config, selectClass(FixedResultScenario.class)))).containsExactly(
        "infermark.param.scal: no selected scenario has a @Param field 'scal'; did you mean infermark.param.scale? "
            + "(@Param fields: scale)");
    kit(config, selectClass(FixedResultScenario.class)).execute().testEvents().assertStatistics(s -> s.started(2).failed(2));
  }

  @Test
  void aParameterValueThatDoesNotFitItsFieldFailsThatRun() {
    Map<String, String> config = Map.of("infermark.param.scale", "1,x");
    assertThat(messages(issues(config, selectClass(FixedResultScenario.class)))).containsExactly(
        "fixed-result [scale=x]: infermark.param.scale: 'x' is not a valid int (the @Param field scale is int)");
    EngineExecutionResults r = kit(config, selectClass(FixedResultScenario.class)).execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("fixed-result [scale=1]"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("fixed-result [scale=x]"), finishedWithFailure(message(m -> m.contains("'x'")))));
  }

  @Test
  void anUnknownResultFormatIsAnIssueAndFailsTheRunBeforeAnyLoad() {
    Map<String, String> config = Map.of("infermark.result-formats", "console,aiperf-jsn");
    assertThat(messages(issues(config, selectClass(FixedResultScenario.class)))).allMatch(m ->
        m.contains("infermark.result-formats: unknown result format 'aiperf-jsn' (did you mean 'aiperf-json'?)"))
        .hasSize(2); // both runs of its @Param
    kit(config, selectClass(FixedResultScenario.class)).execute().testEvents().assertThatEvents()
        .haveExactly(2, event(test(), finishedWithFailure(message(m -> m.contains("'aiperf-jsn'")))));
  }

  @Test
  void anUnknownNamedScenarioFailsTheEngineWithDidYouMean() {
    Map<String, String> config = Map.of("infermark.scenario", "fixed-reslt");
    assertThat(issues(config, selectClass(FixedResultScenario.class))).singleElement().satisfies(i -> {
      assertThat(i.severity()).isEqualTo(Severity.ERROR);
      assertThat(i.message()).startsWith("infermark.scenario=fixed-reslt names no scenario on the class path. "
          + "Did you mean fixed-result? Known scenarios: ").contains("chat-fixture", "settings-echo");
    });
    kit(config, selectClass(FixedResultScenario.class)).execute().allEvents().assertThatEvents()
        .haveExactly(1, event(engine(), finishedWithFailure(message(m -> m.contains("names no scenario")))));
  }

  @Test
  void anUnknownNamedScenarioIsPrintedOnTheConsoleToo() {
    java.io.PrintStream saved = System.out;
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      issues(Map.of("infermark.scenario", "fixed-reslt"), selectClass(FixedResultScenario.class));
    } finally {
      System.setOut(saved);
    }
    assertThat(bytes.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("infermark: ERROR infermark.scenario=fixed-reslt names no scenario on the class path. Did you mean fixed-result?");
  }

  @Test
  void aValidSelectionHasNoIssues() {
    assertThat(issues(Map.of(), selectClass(FixedResultScenario.class), selectClass(SettingsEchoScenario.class))).isEmpty();
  }
}
