package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.PhaseOver;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.fixture.FakeClient;
import dev.infermark.testkit.ScenarioTestKit;

/** The harness owns a closed-loop workload's phases: warmup, measurement, grace, cut-off, with one meaning. */
class PhaseDriverTest {
  @TempDir
  Path dir;

  private ScenarioTestKit.Run run(FakeClient server, Map<String, String> settings, ClosedLoop work) {
    Map<String, String> s = new HashMap<>(Map.of("concurrency", "2", "benchmark-duration", "60s"));
    s.putAll(settings);
    return assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> ScenarioTestKit.settings(s).server(server).artifactDir(dir).run(work));
  }

  private static long count(ScenarioTestKit.Run run, Phase phase) {
    return run.records().stream().filter(r -> r.phase() == phase).count();
  }

  @Test
  void requestCountsAreExactAcrossUsersAndTurns() {
    FakeClient server = FakeClient.answering();
    ScenarioTestKit.Run run = run(server, Map.of("concurrency", "3", "warmup-request-count", "5", "request-count", "7"),
        Conversations.repeat(Turn.user("a"), Turn.user("b")));
    assertThat(run.failure()).isNull();
    assertThat(count(run, Phase.WARMUP)).isEqualTo(5);
    assertThat(count(run, Phase.PROFILING)).isEqualTo(7);
    assertThat(server.requests()).hasSize(12);
  }

  @Test
  void aShardRunsItsUsersAndItsShareOfTheBudgetsNumberedAsInTheWholeRun() {
    FakeClient server = FakeClient.answering();
    java.util.Set<Integer> users = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.CountDownLatch bothIn = new java.util.concurrent.CountDownLatch(2);
    Conversations chat = Conversations.repeat(Turn.user("a"));
    ScenarioTestKit.Run run = run(server, Map.of("concurrency", "5", "warmup-request-count", "4", "request-count", "20",
        "shard-count", "2", "shard-index", "1"), user -> {
          if (users.add(user.index())) {
            bothIn.countDown();
            bothIn.await(10, java.util.concurrent.TimeUnit.SECONDS); // both users run before the budget is spent
          }
          chat.iterate(user);
        });
    assertThat(run.failure()).isNull();
    // users 1 and 3 of 5; 2 of 4 warmup requests; 10 of 20 profiling requests
    assertThat(users).containsExactlyInAnyOrder(1, 3);
    assertThat(run.records()).allSatisfy(r -> assertThat(r.tags().lane()).isIn(1, 3));
    assertThat(count(run, Phase.WARMUP)).isEqualTo(2);
    assertThat(count(run, Phase.PROFILING)).isEqualTo(10);
    assertThat(run.context().exportExtras().at("/metadata/shard/index").asInt()).isEqualTo(1);
  }

  @Test
  void warmupDurationIsAWarmupOfThatLength() {
    // warmup-duration alone: a timed warmup (no main code read this key before the harness owned the phases).
    FakeClient server = FakeClient.answering();
    ScenarioTestKit.Run run = run(server, Map.of("concurrency", "1", "warmup-duration", "200ms", "request-count", "3"),
        user -> {
          user.client().send(InferenceRequest.chat(RequestTags.of("c", "c", 0), List.of(ChatMessage.user("x")), 1));
          Thread.sleep(20); // think time, so that a timed phase holds a countable number of requests
        });
    assertThat(run.failure()).isNull();
    assertThat(count(run, Phase.WARMUP)).isPositive();
    assertThat(count(run, Phase.PROFILING)).isEqualTo(3);
    List<RequestRecord> records = run.records();
    long lastWarmup = records.stream().filter(r -> r.phase() == Phase.WARMUP).mapToLong(RequestRecord::startNs).max()
        .orElseThrow();
    long firstProfiling = records.stream().filter(r -> r.phase() == Phase.PROFILING).mapToLong(RequestRecord::startNs)
        .min().orElseThrow();
    assertThat(firstProfiling).as("profiling starts after warmup").isGreaterThan(lastWarmup);
  }

  @Test
  void whatIsInFlightWhenTheGracePeriodEndsIsCutOffAndRecordedOnce() {
    AtomicInteger n = new AtomicInteger();
    FakeClient server = FakeClient.hangingWhen(r -> n.incrementAndGet() % 3 == 0);
    ScenarioTestKit.Run run = run(server, Map.of("concurrency", "2", "benchmark-duration", "300ms",
        "benchmark-grace-period", "100ms"), Conversations.repeat(Turn.user("a")));
    assertThat(run.failure()).isNull();
    assertThat(run.records()).hasSize(server.requests().size());
    assertThat(run.records()).filteredOn(r -> !r.ok()).isNotEmpty().allSatisfy(r -> {
      assertThat(r.error().isCutOff()).isTrue();
      assertThat(r.error().message()).isEqualTo("cut off at the end of the run: still in flight when "
          + "benchmark-grace-period (0.1 s) ran out");
    });
  }

  @Test
  void aCancelEndsThePhaseAndItsRequestsAreRecordedAsCancelled() {
    AtomicInteger n = new AtomicInteger();
    Cancellation cancellation = new Cancellation();
    // From the 4th request on the server hangs; at the 5th the run is cancelled (as Ctrl+C would, from elsewhere).
    FakeClient server = FakeClient.hangingWhen(r -> {
      int k = n.incrementAndGet();
      if (k == 5) {
        Thread.ofVirtual().start(cancellation::cancel);
      }
      return k >= 4;
    });
    cancellation.onCancel(server::cancelInFlight);
    ScenarioTestKit.Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> ScenarioTestKit
        .settings(Map.of("concurrency", "2", "benchmark-duration", "600s")).server(server).artifactDir(dir)
        .cancellation(cancellation).run(Conversations.repeat(Turn.user("a"))));
    assertThat(run.failure()).isNull();
    assertThat(run.records()).hasSize(server.requests().size());
    assertThat(run.records()).filteredOn(r -> !r.ok()).isNotEmpty()
        .allSatisfy(r -> assertThat(r.error().isCutOff()).as("a cancel stays a cancel").isFalse());
  }

  @Test
  void theClientSaysWhenThePhaseIsOverAndAUsersFailureFailsTheRun() {
    AtomicInteger phaseOver = new AtomicInteger();
    ScenarioTestKit.Run ok = run(FakeClient.answering(), Map.of("concurrency", "1", "request-count", "2"), user -> {
      try {
        for (int i = 0; i < 5; i++) {
          user.client().send(InferenceRequest.chat(RequestTags.of("c", "c", i), List.of(ChatMessage.user("x")), 1));
        }
      } catch (PhaseOver over) {
        phaseOver.incrementAndGet();
        throw over;
      }
    });
    assertThat(ok.failure()).isNull();
    assertThat(ok.records()).hasSize(2);
    assertThat(phaseOver).hasValue(1);
    assertThat(dev.infermark.run.HarnessContext.of(ok.context()).profilingStarted()).isTrue();

    ScenarioTestKit.Run failed = run(FakeClient.answering(), Map.of("concurrency", "2"), user -> {
      throw new IllegalArgumentException("turn 3: no such file");
    });
    assertThat(failed.failure()).hasMessageContaining("a virtual user failed").hasRootCauseMessage("turn 3: no such file");
  }
}
