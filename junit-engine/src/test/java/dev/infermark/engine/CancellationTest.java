package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.client.ServerClient;
import dev.infermark.engine.fixtures.CancellingScenario;
import dev.infermark.json.Json;
import dev.infermark.scenario.Standard;
import tools.jackson.databind.JsonNode;

/** A cancelled run still writes its artifacts, stamped as partial and run_cancelled. */
class CancellationTest {
  @TempDir
  Path artifacts;

  @Test
  void cancelledRunWritesPartialArtifactsStampedRunCancelled() throws Exception {
    InfermarkTestEngine engine = new InfermarkTestEngine((s, base, p) -> (ServerClient) r -> {
      long t = System.nanoTime();
      return new RequestRecord(r.phase(), "r1", r.tags(), -1, t, 0, t + 1_000_000, new long[] {t + 2_000_000, t + 3_000_000},
          t + 4_000_000, 10, 2, null, null, null, null, "length", 200, null);
    }, Standard.recordings());
    EngineExecutionResults r = EngineTestKit.engine(engine).selectors(selectClass(CancellingScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString()).execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("cancelling-fixture run"), abortedWithReason(message(m -> m.contains("run cancelled")))))
        .haveExactly(1, event(test(), displayName("submission_valid"), finishedWithFailure(message(m -> m.contains("run_cancelled")))))
        // It measured a TTFT within the SLO, but a cancelled run passes no SLO: not judged (not ✓).
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 10000"), abortedWithReason(message(m ->
            m.startsWith("not judged: the run was cancelled (p95 time_to_first_token <= 10000: measured 2 ms")))));
    String output = r.allEvents().reportingEntryPublished().stream()
        .map(e -> e.getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class).getKeyValuePairs())
        .filter(m -> m.containsKey("output")).map(m -> m.get("output")).findFirst().orElseThrow();
    assertThat(output).containsPattern("(–|n/a) +p95 time_to_first_token +2 ms \\(not judged\\) +<= 10000 ms");
    Path dir = artifacts.resolve("cancelling-fixture/latest");
    JsonNode json = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("metadata").get("submission_valid").booleanValue()).isFalse();
    assertThat(json.get("metadata").get("submission_invalid_reasons").toString()).contains("run_cancelled");
    assertThat(Files.readAllLines(dir.resolve("profile_export.jsonl"))).hasSize(1);
    assertThat(json.get("slo_results").get(0).get("judged").asBoolean(true)).isFalse();
  }
}
