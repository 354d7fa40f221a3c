package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.assertj.core.api.Condition;

import dev.infermark.artifact.RunFolders;

/**
 * Built-in scenarios in their smoke form, run through the engine exactly as
 * {@code mvn test -Dinfermark.scenario=NAME -Dinfermark.preset=smoke} runs them: against the
 * embedded simulator, on built-in synthetic data, offline.
 */
class BuiltInSmokeTest {
  @TempDir
  Path artifacts;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "mmlu, accuracy_results.csv, true",
      "gsm8k, accuracy_results.csv, false",
      "aa-agentperf, agentperf_results.json, true",
      "aa-agentperf-kimi-k3, agentperf_results.json, true",
      "chat, profile_export_aiperf.csv, false"})
  void smokePresetCompletesAndWritesItsArtifacts(String scenario, String methodologyFile, boolean openReport)
      throws IOException {
    EngineExecutionResults r = EngineTestKit.engine("infermark")
        .selectors(selectClass(ChatLatencyScenario.class)) // infermark.scenario overrides the selection
        .configurationParameter("infermark.scenario", scenario)
        .configurationParameter("infermark.preset", "smoke")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.random-seed", "42")
        .configurationParameter("infermark.progress-interval", "30s")
        .execute();
    Condition<Event> runNode = new Condition<>(e -> "run".equals(e.getTestDescriptor().getUniqueId().getLastSegment().getType()),
        "the run node");
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), runNode, finishedSuccessfully()));
    // Every SLO node (AgentPerf's output-speed tiers included) says what it measured, in which unit, against what.
    r.allEvents().reportingEntryPublished().stream()
        .filter(e -> "slo".equals(e.getTestDescriptor().getUniqueId().getLastSegment().getType()))
        .map(e -> e.getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class).getKeyValuePairs())
        .forEach(entries -> assertThat(entries).as(scenario).containsKeys("measured", "unit", "threshold", "passed"));
    assertThat(r.allEvents().reportingEntryPublished().stream()
        .filter(e -> "slo".equals(e.getTestDescriptor().getUniqueId().getLastSegment().getType())).count())
        .as("SLO nodes with entries").isEqualTo(r.testEvents().started().stream()
            .filter(e -> "slo".equals(e.getTestDescriptor().getUniqueId().getLastSegment().getType())).count());
    Path dir = RunFolders.latest(artifacts.resolve(scenario)).orElseThrow();
    assertThat(RunFolders.all(artifacts)).containsExactly(dir);
    for (String f : new String[] {"profile_export_aiperf.json", "profile_export.jsonl", "profile_export_aiperf.csv",
        "inputs.json", methodologyFile}) {
      assertThat(dir.resolve(f)).as(f).isNotEmptyFile();
    }
    // Its HTML report (opened in Chromium for one accuracy and the AgentPerf run: see ReportPages).
    if (openReport) {
      ReportPages.report(dir, scenario + "-smoke");
    } else {
      assertThat(dev.infermark.report.Report.write(dir)).isNotEmptyFile();
    }
  }
}
