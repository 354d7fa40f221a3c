package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import dev.infermark.engine.fixtures.MostlyFailingScenario;
import dev.infermark.json.Json;
import dev.infermark.scenario.Standard;

/** Every run has an error_rate node: a run whose requests mostly failed is not green. */
class ErrorRateTest {
  private static final long MS = 1_000_000L;

  @TempDir
  Path artifacts;

  /** Requests 0-1 succeed (TTFT 50 ms), 2-6 get a 500, 7-9 are refused. */
  private static InfermarkTestEngine engine() {
    AtomicInteger n = new AtomicInteger();
    return new InfermarkTestEngine((s, base, p) -> (ServerClient) req -> {
      int i = n.getAndIncrement();
      long start = System.nanoTime();
      RequestError e = i < 2 ? null
          : i < 7 ? new RequestError(ErrorKind.SERVER_ERROR, 500, "Internal Server Error", "boom", null)
          : new RequestError(ErrorKind.CONNECTION_REFUSED, 0, "ConnectionRefused", "refused", null);
      return new RequestRecord(req.phase(), "id-" + i, req.tags(), -1, start, 1_700_000_000_000_000L, e == null ? start + MS : -1,
          e == null ? new long[] {start + 50 * MS, start + 60 * MS} : new long[0], start + 70 * MS, 10, 2, null, null, null,
          null, e == null ? "stop" : null, e == null ? 200 : e.code(), e);
    }, Standard.recordings());
  }

  private EngineTestKit.Builder kit(org.junit.platform.engine.DiscoverySelector selector) {
    return EngineTestKit.engine(engine()).selectors(selector)
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h");
  }

  @Test
  void mostlyFailedRunFailsItsErrorRateNodeWithCountsByKindAndStillReportsItsSlos() throws Exception {
    EngineExecutionResults r = kit(selectClass(MostlyFailingScenario.class)).execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("mostly-failing run"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("error_rate"), finishedWithFailure(message(m ->
            m.contains("error rate 80 %: 8 of 10 profiling requests failed (server_error 5, connection_refused 3)")
                && m.contains("exceeds infermark.failed-request-threshold=10 %")
                && m.contains("describe only the 2 requests that succeeded")))))
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 1000"), finishedSuccessfully()));
    assertThat(Json.parse(Files.readString(artifacts.resolve("mostly-failing/latest/profile_export_aiperf.json")))
        .get("error_request_count").get("avg").asDouble()).isEqualTo(8);
    // The run wrote its report into its folder at its end.
    assertThat(Files.readString(artifacts.resolve("mostly-failing/latest/report.html"))).contains("mostly-failing");
  }

  @Test
  void theThresholdIsASettingAndTheNodeCanBeSelectedAlone() {
    UniqueId node = UniqueId.forEngine("infermark").append("scenario", MostlyFailingScenario.class.getName())
        .append("run", "default").append("check", "error_rate");
    EngineExecutionResults r = kit(selectUniqueId(node))
        .configurationParameter("infermark.failed-request-threshold", "0.8").execute();
    r.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("error_rate"), finishedSuccessfully()));
  }

  @Test
  void aThresholdThatIsNoFractionFailsTheRunBeforeAnyRequest() {
    EngineExecutionResults r = kit(selectClass(MostlyFailingScenario.class))
        .configurationParameter("infermark.failed-request-threshold", "10").execute();
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("mostly-failing run"),
        finishedWithFailure(message(m -> m.contains("infermark.failed-request-threshold: must be a fraction in [0, 1]")))));
  }
}
