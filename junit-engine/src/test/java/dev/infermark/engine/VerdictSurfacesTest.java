package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

import dev.infermark.engine.fixtures.FixedResultScenario;
import dev.infermark.result.RunInfo;
import tools.jackson.databind.JsonNode;

/** The verdicts of a run where people look: console table, report entries on every SLO node, slo_results, names. */
class VerdictSurfacesTest {
  @TempDir
  Path artifacts;

  private EngineExecutionResults run() {
    synchronized (TestRuntime.FINISHED) {
      TestRuntime.FINISHED.clear();
    }
    return EngineTestKit.engine(TestRuntime.engine()).selectors(selectClass(FixedResultScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.preflight", "false")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h").execute();
  }

  private static Map<String, String> entries(EngineExecutionResults r, String name, String paramsId) {
    return r.allEvents().reportingEntryPublished().stream()
        .filter(e -> e.getTestDescriptor().getDisplayName().equals(name)
            && e.getTestDescriptor().getUniqueId().toString().contains(paramsId))
        .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
        .reduce(new java.util.LinkedHashMap<>(), (a, b) -> {
          a.putAll(b);
          return a;
        });
  }

  @Test
  void everySloNodePublishesMeasuredValueAndThresholdPassingOrNot() {
    EngineExecutionResults r = run();
    assertThat(entries(r, "SLO p95 time_to_first_token <= 150", "scale=1"))
        .containsEntry("measured", "100").containsEntry("unit", "ms").containsEntry("threshold", "<= 150 ms")
        .containsEntry("passed", "true");
    assertThat(entries(r, "SLO p95 time_to_first_token <= 0.12 s", "scale=2"))
        .containsEntry("measured", "0.2").containsEntry("unit", "s").containsEntry("threshold", "<= 0.12 s")
        .containsEntry("passed", "false");
    assertThat(entries(r, "SLO accuracy >= 0.5", "scale=1"))
        .containsEntry("measured", "not measured").containsEntry("unit", "ratio").containsEntry("threshold", ">= 0.5 ratio")
        .containsEntry("passed", "false");
  }

  @Test
  void theRunNodeCarriesTheVerdictTableAsItsOutput() {
    EngineExecutionResults r = run();
    String output = entries(r, "fixed-result [scale=2]", "scale=2").get("output");
    assertThat(output).isNotNull();
    List<String> lines = output.lines().toList();
    int head = lines.indexOf("infermark: fixed-result [scale=2]: verdicts");
    assertThat(head).as(output).isGreaterThanOrEqualTo(0);
    List<String> table = lines.subList(head + 1, head + 6);
    assertThat(table.get(0)).matches(" +check +measured +threshold");
    assertThat(table.get(1)).matches("  (✗|FAIL) +p95 time_to_first_token +200 ms +<= 150 ms");
    assertThat(table.get(2)).matches("  (✗|FAIL) +p95 time_to_first_token +0.2 s +<= 0.12 s");
    assertThat(table.get(3)).matches("  (✗|FAIL) +accuracy +not measured +>= 0.5 ratio");
    assertThat(table.get(4)).matches("  (–|n/a) +error_rate +not measured +<= 10 %");
    // Aligned: every column starts where its header does.
    int measured = table.get(0).indexOf("measured");
    int threshold = table.get(0).indexOf("threshold");
    for (String row : table.subList(1, 5)) {
      assertThat(row.codePointCount(0, row.length()) - row.substring(row.offsetByCodePoints(0, measured)).length())
          .isLessThanOrEqualTo(measured);
      assertThat(row.substring(row.offsetByCodePoints(0, measured)).charAt(0)).isNotEqualTo(' ');
      assertThat(row.substring(row.offsetByCodePoints(0, threshold)).charAt(0)).isNotEqualTo(' ');
    }
  }

  @Test
  void sloResultsGoIntoTheRunsJson() {
    run();
    List<RunInfo> runs;
    synchronized (TestRuntime.FINISHED) {
      runs = List.copyOf(TestRuntime.FINISHED);
    }
    assertThat(runs).hasSize(2);
    JsonNode slos = runs.stream().filter(i -> i.extras().path("slo_results").size() == 3).findFirst().orElseThrow()
        .extras().get("slo_results");
    JsonNode first = slos.get(0);
    assertThat(first.get("metric").asString()).isEqualTo("time_to_first_token");
    assertThat(first.get("stat").asString()).isEqualTo("p95");
    assertThat(first.get("max").asDouble()).isEqualTo(150);
    assertThat(first.get("threshold").asString()).isEqualTo("<= 150");
    assertThat(first.get("unit").asString()).isEqualTo("ms");
    assertThat(first.get("measured").isNumber()).isTrue();
    assertThat(first.has("passed")).isTrue();
    assertThat(slos.get(2).get("measured").isNull()).isTrue();
    assertThat(slos.get(2).get("passed").asBoolean()).isFalse();
  }

  @Test
  void checkNamesCarryTheRunsParametersInSurefiresNames() {
    EngineExecutionResults r = run();
    List<String> legacy = r.testEvents().started().stream().map(Event::getTestDescriptor)
        .filter(d -> d.getDisplayName().equals("SLO accuracy >= 0.5")).map(TestDescriptor::getLegacyReportingName).toList();
    assertThat(legacy).containsExactlyInAnyOrder("fixed-result [scale=1] / SLO accuracy >= 0.5",
        "fixed-result [scale=2] / SLO accuracy >= 0.5");
    // Surefire's console summary shows class, method and message: the message names the run.
    List<String> messages = r.testEvents().failed().stream()
        .filter(e -> e.getTestDescriptor().getDisplayName().equals("SLO accuracy >= 0.5"))
        .map(e -> e.getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow()
            .getMessage()).toList();
    assertThat(messages).hasSize(2).anyMatch(m -> m.startsWith("fixed-result [scale=1]: accuracy >= 0.5: not measured"))
        .anyMatch(m -> m.startsWith("fixed-result [scale=2]: accuracy >= 0.5: not measured"));
  }
}
