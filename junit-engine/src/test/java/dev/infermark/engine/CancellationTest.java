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
        .haveExactly(1, event(test(), displayName("submission_valid"), finishedWithFailure(message(m -> m.contains("run_cancelled")))));
    Path dir = artifacts.resolve("cancelling-fixture/latest");
    JsonNode json = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").booleanValue()).isTrue();
    assertThat(json.get("is_complete").booleanValue()).isFalse();
    assertThat(json.get("metadata").get("submission_valid").booleanValue()).isFalse();
    assertThat(json.get("metadata").get("submission_invalid_reasons").toString()).contains("run_cancelled");
    assertThat(Files.readAllLines(dir.resolve("profile_export.jsonl"))).hasSize(1);
  }
}
