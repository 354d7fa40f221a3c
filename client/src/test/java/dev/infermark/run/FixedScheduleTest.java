package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.FixedSchedule;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.fixture.FakeClient;
import dev.infermark.testkit.ScenarioTestKit;

/**
 * A workload with its own arrival instants ({@link FixedSchedule}) runs on the open loop's pacer: each iteration's
 * first request is due at its instant and leaves then, whatever the server does, and the phase lasts until the
 * schedule's last arrival is done; a rate or a warmup cannot be used with it.
 */
class FixedScheduleTest {
  private static final long MS = 1_000_000L;

  /** Sends one request per arrival; the schedule is given, or null (the run's load model then). */
  record Replay(long[] offsets) implements FixedSchedule, dev.infermark.api.ClosedLoop {
    @Override
    public long[] arrivalOffsetsNanos() {
      return offsets;
    }

    @Override
    public void iterate(VirtualUser arrival) {
      arrival.client().send(InferenceRequest.chat(RequestTags.of("s" + arrival.index(), "c" + arrival.index(), 0),
          List.of(ChatMessage.user("hi")), 1));
    }
  }

  @Test
  void eachArrivalLeavesAtItsInstantWhileTheServerHoldsTheEarlierOnes() throws Exception {
    long[] offsets = {0, 150 * MS, 150 * MS, 400 * MS, 1_300 * MS};
    try (FakeOpenAi server = FakeOpenAi.start(FakeOpenAi.Answer.tokens(1).after(Duration.ofSeconds(1)))) {
      ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("model", "m", "benchmark-grace-period", "10s"))
          .target(server.uri()).run(new Replay(offsets));
      assertThat(run.failure()).isNull();
      List<RequestRecord> records = run.records().stream().filter(r -> r.phase() == Phase.PROFILING)
          .sorted(Comparator.comparingLong(RequestRecord::dueNs)).toList();
      assertThat(records).hasSize(offsets.length).allSatisfy(r -> assertThat(r.ok()).isTrue());
      for (int i = 0; i < offsets.length; i++) {
        assertThat(records.get(i).dueNs() - records.get(0).dueNs()).as("arrival %s is due at its offset", i)
            .isEqualTo(offsets[i]);
        assertThat(RecordMetrics.of(records.get(i)).scheduleLagNs() / 1e6).as("arrival %s left on time", i)
            .isLessThan(100.0);
      }
      assertThat(server.maxInFlight()).as("nothing waited for an answer").isEqualTo(4);
    }
  }

  @Test
  void aScheduleRefusesARateAndAWarmupNamingThem() {
    for (Map<String, String> bad : List.of(Map.of("request-rate", "5"), Map.of("warmup-request-count", "3"),
        Map.of("arrival-pattern", "constant"))) {
      ScenarioTestKit.Run run = ScenarioTestKit.settings(bad).server(FakeClient.answering()).run(new Replay(new long[] {0}));
      assertThat(run.failure()).as("%s", bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(bad.keySet().iterator().next()).hasMessageContaining("fixed schedule");
      assertThat(run.records()).isEmpty();
    }
  }

  @Test
  void withoutAScheduleTheRunsLoadModelStartsTheIterations() {
    ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("request-count", "3", "concurrency", "1"))
        .server(FakeClient.answering()).run(new Replay(null));
    assertThat(run.failure()).isNull();
    assertThat(run.records().stream().filter(r -> r.phase() == Phase.PROFILING)).hasSize(3);
  }
}
