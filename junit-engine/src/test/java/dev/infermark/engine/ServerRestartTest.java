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
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.engine.fixtures.ChatScenario;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A server that goes away mid-run and comes back on the same port: the requests in between are
 * recorded as connection failures, the run goes on to its end, and the error-rate check says what
 * happened and when. (The outage is 1.5 s here; what matters is that it ends within the run.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServerRestartTest {
  private static final Duration DOWN = Duration.ofMillis(1500);
  private static final Pattern OUTAGE = Pattern.compile("the server could not be reached 1 time: from ([0-9.]+) s to "
      + "([0-9.]+) s into the run \\(\\S+ to \\S+ UTC\\), (\\d+) requests failed \\(connection_refused \\d+.*\\), and a "
      + "request sent at ([0-9.]+) s got an answer");

  @TempDir
  Path artifacts;

  @Test
  void aRestartedServerIsRecordedAndTheRunGoesOnSayingWhenItWasAway() throws Exception {
    EngineExecutionResults r;
    try (FakeOpenAi server = FakeOpenAi.start()) {
      // a server that goes away after 40 completions and listens again on its port DOWN later
      server.script(q -> {
        if (server.received() == 40) {
          Thread.ofVirtual().start(() -> server.outage(DOWN));
        }
        return Answer.text("hi");
      });
      r = EngineTestKit.engine(new InfermarkTestEngine()).selectors(selectClass(ChatScenario.class))
          .configurationParameter("infermark.url", server.url())
          .configurationParameter("infermark.model", "m")
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.progress-interval", "1h")
          .configurationParameter("infermark.concurrency", "2")
          .configurationParameter("infermark.benchmark-duration", "5s")
          .configurationParameter("infermark.failed-request-threshold", "0") // any failure fails it: its message is shown
          .execute();
      assertThat(server.received()).as("served again after the restart").isGreaterThan(40);
    }
    String[] message = new String[1];
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("chat-fixture run"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("error_rate"), finishedWithFailure(message(m -> {
          message[0] = m;
          return true;
        }))));
    Matcher m = OUTAGE.matcher(message[0]);
    assertThat(m.find()).as(message[0]).isTrue();
    double from = Double.parseDouble(m.group(1));
    double lastFailure = Double.parseDouble(m.group(2));
    double answered = Double.parseDouble(m.group(4));
    double down = DOWN.toMillis() / 1000.0;
    // Failures only while it was away; found again once it was back, within a sender's longest wait (1 s).
    assertThat(lastFailure - from).as(message[0]).isLessThanOrEqualTo(down + 0.2);
    assertThat(answered - from).as(message[0]).isBetween(down - 0.2, down + 1.5);
    assertThat(Long.parseLong(m.group(3))).as("a failed request per sender a second, not thousands: " + message[0])
        .isLessThan(60);
    assertThat(message[0]).contains("error rate").contains("connection_refused");
    JsonNode json = Json.parse(Files.readString(artifacts.resolve("chat-fixture/latest/profile_export_aiperf.json")));
    assertThat(json.get("is_complete").booleanValue()).isTrue();
    long refused = 0;
    for (JsonNode e : json.get("error_summary")) {
      if (e.at("/error_details/kind").asString().equals("connection_refused")) {
        refused += e.get("count").asLong();
      }
    }
    assertThat(refused).as("requests sent while it was away are recorded").isPositive();
    long ok = json.at("/request_count/avg").asLong();
    assertThat(ok).isGreaterThan(40);
    // Every request sent has one line: the successes, the failures.
    long lines = Files.readAllLines(artifacts.resolve("chat-fixture/latest/profile_export.jsonl")).stream()
        .filter(l -> l.contains("\"benchmark_phase\":\"profiling\"")).count();
    assertThat(lines).isEqualTo(ok + json.at("/error_request_count/avg").asLong());
  }
}
