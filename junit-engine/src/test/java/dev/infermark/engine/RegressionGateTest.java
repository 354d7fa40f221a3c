package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.artifact.RunFolders;
import dev.infermark.engine.fixtures.ChatScenario;
import dev.infermark.engine.fixtures.GateChatScenario;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The regression gate against the embedded simulator: the simulator's time scale (every modelled
 * step times it) slows the server by an exact share, so each statistic's true change is known.
 */
class RegressionGateTest {
  @TempDir
  Path artifacts;
  private Path baseline;

  private EngineExecutionResults run(Class<?> scenario, Map<String, String> settings) {
    EngineTestKit.Builder kit = EngineTestKit.engine(new InfermarkTestEngine()).selectors(selectClass(scenario))
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h")
        .configurationParameter("infermark.no-server-metrics", "true")
        .configurationParameter("infermark.random-seed", "11")
        .configurationParameter("infermark.warmup-duration", "1s")
        .configurationParameter("infermark.benchmark-duration", "2s")
        .configurationParameter("infermark.regression-metrics", "request_latency:p50");
    settings.forEach(kit::configurationParameter);
    return kit.execute();
  }

  @BeforeEach
  void baselineRun() {
    run(GateChatScenario.class, Map.of("infermark.simulator-time-scale", "5")).testEvents()
        .assertStatistics(s -> s.failed(0));
    baseline = RunFolders.latest(artifacts.resolve("gate-chat")).orElseThrow();
  }

  @Test
  void theSameServerTwicePassesAndLatestIsTheRunBefore() throws Exception {
    EngineExecutionResults r = run(GateChatScenario.class, Map.of("infermark.simulator-time-scale", "5",
        "infermark.baseline", "latest"));
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("regression p50 inter_token_latency"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("regression p50 request_latency"), finishedSuccessfully()));
    JsonNode gate = Json.parse(Files.readString(RunFolders.latest(artifacts.resolve("gate-chat")).orElseThrow()
        .resolve("regression.json")));
    assertThat(gate.path("baseline").path("path").asString()).isEqualTo(baseline.toString());
    assertThat(gate.path("passed").asBoolean()).isTrue();
    assertThat(gate.path("checks").get(0).path("method").asString()).isEqualTo("bootstrap");
    assertThat(Math.abs(gate.path("checks").get(0).path("change").asDouble())).isLessThan(0.05);
  }

  @Test
  void aServerTwentyPercentSlowerFailsWithTheIntervalInTheMessage() throws Exception {
    EngineExecutionResults r = run(GateChatScenario.class, Map.of("infermark.simulator-time-scale", "6",
        "infermark.baseline", baseline.toString()));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("regression p50 inter_token_latency"),
        finishedWithFailure(message(m -> m.matches("(?s)regression p50 inter_token_latency: [0-9.]+ ms -> [0-9.]+ ms, "
            + "change \\+(19|2[01])\\.\\d % \\[\\+\\d+\\.\\d %, \\+\\d+\\.\\d %\\] \\(95 % confidence, bootstrap\\): "
            + "a significant regression beyond the 5 % threshold")))));
    JsonNode gate = Json.parse(Files.readString(RunFolders.latest(artifacts.resolve("gate-chat")).orElseThrow()
        .resolve("regression.json")));
    assertThat(gate.path("passed").asBoolean()).isFalse();
    assertThat(gate.path("settings_differ").valueStream().map(d -> d.path("setting").asString()).toList())
        .contains("simulator-time-scale");
  }

  @Test
  void aServerOnePercentSlowerPassesAFivePercentThreshold() {
    EngineExecutionResults r = run(GateChatScenario.class, Map.of("infermark.simulator-time-scale", "5.05",
        "infermark.baseline", baseline.toString(), "infermark.regression-threshold", "0.05"));
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("regression p50 inter_token_latency"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("regression p50 request_latency"), finishedSuccessfully()));
  }

  @Test
  void aBaselineOfAnotherScenarioFailsTheRunBeforeAnyLoad() {
    EngineExecutionResults r = run(ChatScenario.class, Map.of("infermark.baseline", baseline.toString()));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("chat-fixture run"), finishedWithFailure(
        message(m -> m.equals("infermark.baseline: " + baseline + " is a run of scenario 'gate-chat', not 'chat-fixture': "
            + "a baseline must be a run of the same scenario")))));
    assertThat(artifacts.resolve("chat-fixture")).doesNotExist();
  }
}
