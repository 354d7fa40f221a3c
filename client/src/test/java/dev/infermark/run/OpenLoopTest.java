package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.fixture.FakeClient;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.testkit.ScenarioTestKit;

/**
 * The open loop against a loopback server that holds every response 2 s: arrivals keep coming at the set rate
 * whatever the server does, in-flight grows to the cap, and the latencies measured from the intended instant
 * include the waits that the ones measured from the actual send leave out.
 */
class OpenLoopTest {
  private static final Duration HOLD = Duration.ofSeconds(2);

  private static ScenarioTestKit.Run run(FakeOpenAi server, Map<String, String> settings) {
    Map<String, String> s = new java.util.HashMap<>(Map.of("request-rate", "20", "arrival-pattern", "constant",
        "benchmark-duration", "2s", "benchmark-grace-period", "10s", "model", "m", "preflight", "false"));
    s.putAll(settings);
    ScenarioTestKit.Run run = ScenarioTestKit.settings(s).target(server.uri()).run(Conversations.repeat(Turn.user("hi").maxTokens(1)));
    assertThat(run.failure()).isNull();
    return run;
  }

  /** The {@code q} quantile of a per-request metric over the profiling records, ms. */
  private static double quantile(List<RequestRecord> records, Function<RecordMetrics, Double> metric, double q) {
    List<Double> v = records.stream().filter(r -> r.phase() == Phase.PROFILING && r.ok()).map(RecordMetrics::of)
        .map(metric).filter(java.util.Objects::nonNull).sorted().toList();
    assertThat(v).isNotEmpty();
    return v.get((int) Math.min(v.size() - 1, Math.ceil(q * v.size()) - 1)) / 1e6;
  }

  @Test
  void uncappedArrivalsKeepComingAtTheRateWhileTheServerHoldsThem() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1).after(HOLD))) {
      ScenarioTestKit.Run run = run(server, Map.of());
      List<RequestRecord> records = run.records();
      // 2 s at 20/s: 40 arrivals, each sent at its instant though none was answered for 2 s
      assertThat(records).hasSize(40).allSatisfy(r -> assertThat(r.ok()).as(String.valueOf(r.error())).isTrue());
      assertThat(server.maxInFlight()).as("nothing waited for an answer before sending").isGreaterThanOrEqualTo(36);
      List<RequestRecord> byDue = records.stream().sorted(Comparator.comparingLong(RequestRecord::dueNs)).toList();
      for (int i = 1; i < byDue.size(); i++) {
        assertThat(byDue.get(i).dueNs() - byDue.get(i - 1).dueNs()).as("arrival %s", i)
            .isBetween(49_000_000L, 51_000_000L);
      }
      assertThat(quantile(records, RecordMetrics::scheduleLagNs, 0.99)).as("sent on time").isLessThan(200);
      assertThat(quantile(records, RecordMetrics::effectiveLatencyNs, 0.5))
          .isCloseTo(quantile(records, RecordMetrics::requestLatencyNs, 0.5), org.assertj.core.data.Offset.offset(200.0));
    }
  }

  @Test
  void cappedArrivalsWaitForASlotAndTheWaitCountsFromTheIntendedInstant() throws Exception {
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1).after(HOLD))) {
      List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
      Map<String, String> s = new java.util.HashMap<>(Map.of("request-rate", "20", "arrival-pattern", "constant",
          "benchmark-duration", "3s", "benchmark-grace-period", "10s", "model", "m", "max-concurrency", "4"));
      ScenarioTestKit.Run run = ScenarioTestKit.settings(s).target(server.uri()).log(log::add)
          .run(Conversations.repeat(Turn.user("hi").maxTokens(1)));
      assertThat(run.failure()).isNull();
      List<RequestRecord> records = run.records();
      assertThat(server.maxInFlight()).as("in flight grows to the cap, no further").isEqualTo(4);
      // slots free every 2 s: 4 at once, 4 more at 2 s; the other arrivals of the 3 s never left
      assertThat(records).hasSize(8);
      double actual = quantile(records, RecordMetrics::requestLatencyNs, 0.99);
      double effective = quantile(records, RecordMetrics::effectiveLatencyNs, 0.99);
      double lag = quantile(records, RecordMetrics::scheduleLagNs, 0.99);
      // the actual-send latency is the server's 2 s hold alone; the ones from the intended instant add the wait
      assertThat(actual).as("the server's own time").isGreaterThanOrEqualTo(1900.0).isLessThan(3500.0);
      assertThat(lag).as("the 5th arrival (at 0.2 s) left at 2 s").isGreaterThan(1500);
      assertThat(effective).as("effective latency includes the wait").isGreaterThan(3500.0);
      assertThat(log).anySatisfy(l -> assertThat(l).contains("arrivals of profiling were still waiting for a slot "
          + "(max-concurrency 4)").contains("never sent"));
      assertThat(run.context().exportExtras().path("metadata").path("arrivals_never_sent").asInt()).isEqualTo(52);
    }
  }

  @Test
  void aSelfPhasedWorkloadRefusesARequestRateNamingIt() {
    SelfPhased own = ctx -> RunResult.empty();
    ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("request-rate", "4")).server(FakeClient.answering()).run(own);
    assertThat(run.failure()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("infermark.request-rate: test-scenario's workload").hasMessageContaining("cannot honour it");
  }

  @Test
  void aClosedLoopOnlyWorkloadRefusesARequestRateNamingIt() {
    dev.infermark.api.ClosedLoop closedOnly = user -> user.client().send(dev.infermark.api.request.InferenceRequest.chat(
        dev.infermark.api.request.RequestTags.of("c", "c", 0), List.of(dev.infermark.api.request.ChatMessage.user("x")), 1));
    ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("request-rate", "4")).server(FakeClient.answering())
        .run(closedOnly);
    assertThat(run.failure()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("infermark.request-rate").hasMessageContaining("closed loop only");
    assertThat(run.records()).as("nothing sent").isEmpty();
  }

  @Test
  void loadSettingsThatDoNotFitAreRefusedNamingThem() {
    assertThatThrownBy(() -> dev.infermark.load.LoadModels.of(dev.infermark.settings.Settings.of(Map.of(
        "arrival-pattern", "gamma")))).hasMessageContaining("infermark.arrival-pattern shapes an open loop's arrivals");
    assertThatThrownBy(() -> dev.infermark.load.LoadModels.of(dev.infermark.settings.Settings.of(Map.of(
        "request-rate", "5", "arrival-pattern", "poisson", "arrival-smoothness", "0.5"))))
        .hasMessageContaining("infermark.arrival-smoothness (0.5) shapes gamma arrivals");
    assertThatThrownBy(() -> dev.infermark.load.LoadModels.of(dev.infermark.settings.Settings.of(Map.of(
        "request-rate", "5", "arrival-pattern", "gama")))).hasMessageContaining("expected one of constant, poisson, gamma")
        .hasMessageContaining("did you mean gamma");
    assertThatThrownBy(() -> dev.infermark.load.LoadModels.of(dev.infermark.settings.Settings.of(Map.of(
        "user-centric-rate", "1")))).hasMessageContaining("infermark.num-users");
    assertThatThrownBy(() -> dev.infermark.load.LoadModels.of(dev.infermark.settings.Settings.of(Map.of(
        "request-rate", "1,2")))).hasMessageContaining("infermark.request-rate: a run takes one value")
        .hasMessageContaining("@Param");
  }
}
