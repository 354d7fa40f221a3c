package dev.infermark.agentperf.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.AgentSpeed;
import dev.infermark.agentperf.Fixtures;
import dev.infermark.agentperf.SpaceTokenizer;
import dev.infermark.agentperf.agent.Assignment;
import dev.infermark.agentperf.agent.PhasePrefix;
import dev.infermark.agentperf.agent.RequestFactory;
import dev.infermark.agentperf.agent.VirtualTicker;
import dev.infermark.agentperf.power.NoPower;
import dev.infermark.agentperf.trajectory.JsonlTrajectories;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import dev.infermark.fixture.FakeClient;
import dev.infermark.testkit.ScenarioTestKit;

/** Phases against the fake server, on virtual time (gates and windows follow the schedule, not the machine's load). */
class PhaseRunTest {
  @TempDir
  Path dir;

  private PhaseConfig config(int minTraj, int perAgent, String steady, String timeout) {
    return new PhaseConfig(minTraj, perAgent, Duration.parse("PT" + steady), Duration.ofMillis(20), Duration.parse("PT" + timeout),
        Duration.ofSeconds(5), Duration.ofMillis(5), 1);
  }

  private PhaseRun run(PhaseConfig c, ServerClient server, ConcurrentLinkedQueue<RequestRecord> sink) throws Exception {
    JsonlTrajectories src = JsonlTrajectories.load(Fixtures.trajectories(dir, 8, 3, 1), SpaceTokenizer.INSTANCE, 100_000);
    return new PhaseRun(c, new VirtualTicker(), ScenarioTestKit.recording(server, sink::add), src, new Assignment(42, src.size(), 0),
        new RequestFactory(16384, false, 5), () -> false, new NoPower(), SpaceTokenizer.INSTANCE);
  }

  @Test
  void runsUntilEveryGateIsMetAndMeasuresOnlyTheWindow() throws Exception {
    FakeClient server = AgentSpeed.client(n -> 200, 0.01, 30);
    ConcurrentLinkedQueue<RequestRecord> sink = new ConcurrentLinkedQueue<>();
    PhaseResult r = run(config(12, 2, "0.15S", "30S"), server, sink).run(1, 4, PhasePrefix.of(1, 1));

    assertThat(r.complete()).isTrue();
    assertThat(r.gates().met()).isTrue();
    assertThat(r.gates().trajectoriesCompleted()).isGreaterThanOrEqualTo(12);
    assertThat(r.gates().fewestPerAgent()).isGreaterThanOrEqualTo(2);
    assertThat(r.windowSeconds()).isGreaterThanOrEqualTo(0.15);
    assertThat(r.requestsSent()).isEqualTo(sink.size()).isEqualTo(server.requests().size());
    // Exactly the requests labelled profiling make the statistics.
    long profiling = sink.stream().filter(x -> x.phase() == Phase.PROFILING).count();
    assertThat(r.stats().requests()).isEqualTo((int) profiling).isPositive();
    assertThat(r.stats().p25OutputSpeed()).isCloseTo(200, org.assertj.core.data.Offset.offset(1.0));
    // Every 5th request kept its text: the token check compared server and local counts.
    assertThat(r.tokenCheck()).isNotNull();
    assertThat(r.tokenCheck().meanAbsRelativeDiff()).isZero();
    // All agents send with max_tokens 16384 and the phase prefix on the first message.
    assertThat(server.requests()).allSatisfy(q -> {
      assertThat(q.maxTokens()).isEqualTo(16384);
      assertThat(q.messages().get(0).content().toString()).startsWith(PhasePrefix.of(1, 1).text());
      assertThat(q.messages().get(1).content().toString()).doesNotContain("cache namespace");
      // with several infermark.urls, an agent's requests all go to one (its cache lives there)
      assertThat(q.affinity()).isEqualTo("agent-" + q.tags().lane());
    });
  }

  @Test
  void whatAPhaseMeasuresDoesNotDependOnHowLoadedTheMachineIs() throws Exception {
    PhaseConfig c = config(8, 2, "0.04S", "30S");
    ConcurrentLinkedQueue<RequestRecord> calmSink = new ConcurrentLinkedQueue<>();
    PhaseResult calm = run(c, AgentSpeed.client(n -> 200, 0.01, 30), calmSink).run(1, 4, PhasePrefix.of(1, 1));
    // A loaded machine: every 5th request holds its agent's thread for longer than the whole steady window.
    FakeClient fake = AgentSpeed.client(n -> 200, 0.01, 30);
    AtomicInteger count = new AtomicInteger();
    ServerClient stalling = q -> {
      if (count.incrementAndGet() % 5 == 0) {
        LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
      }
      return fake.send(q);
    };
    ConcurrentLinkedQueue<RequestRecord> loadedSink = new ConcurrentLinkedQueue<>();
    PhaseResult loaded = run(c, stalling, loadedSink).run(1, 4, PhasePrefix.of(1, 1));

    assertThat(loaded.windowSeconds()).isEqualTo(calm.windowSeconds());
    assertThat(loaded.requestsSent()).isEqualTo(calm.requestsSent());
    assertThat(loaded.stats().requests()).isEqualTo(calm.stats().requests()).isPositive();
    assertThat(labels(loadedSink)).isEqualTo(labels(calmSink));
  }

  @Test
  void aPhaseThatCannotMeetItsGatesEndsIncompleteAtTheTimeout() throws Exception {
    FakeClient server = AgentSpeed.client(n -> 200, 0.01, 30);
    PhaseResult r = run(config(1, 1_000_000, "0.01S", "0.3S"), server, new ConcurrentLinkedQueue<>()).run(1, 2, PhasePrefix.of(1, 1));
    assertThat(r.complete()).isFalse();
    assertThat(r.gates().perAgentMet()).isFalse();
    assertThat(r.wallSeconds()).isBetween(0.3, 10.0);
  }

  @Test
  void assignmentIsIdenticalAcrossPhasesAndPrefixesDiffer() throws Exception {
    FakeClient server = AgentSpeed.client(n -> 200, 0.01, 30);
    PhaseRun pr = run(config(8, 2, "0.05S", "30S"), server, new ConcurrentLinkedQueue<>());
    pr.run(1, 2, PhasePrefix.of(9, 1));
    List<InferenceRequest> first = server.requests();
    server.clear();
    pr.run(2, 5, PhasePrefix.of(9, 2));
    List<InferenceRequest> second = server.requests();

    for (int agent = 0; agent < 2; agent++) {
      assertThat(trajectories(second, agent).subList(0, 2)).isEqualTo(trajectories(first, agent).subList(0, 2));
    }
    assertThat(first).allMatch(q -> q.messages().get(0).content().toString().startsWith(PhasePrefix.of(9, 1).text()));
    assertThat(second).allMatch(q -> q.messages().get(0).content().toString().startsWith(PhasePrefix.of(9, 2).text()));
    assertThat(second).allMatch(q -> q.tags().extra().get("agentperf_phase").equals(2));
  }

  @Test
  void anAgentFailingOnBadDataEndsThePhaseWithItsError() throws Exception {
    dev.infermark.agentperf.trajectory.TrajectorySource broken = new dev.infermark.agentperf.trajectory.TrajectorySource() {
      @Override
      public int size() {
        return 2;
      }

      @Override
      public dev.infermark.agentperf.trajectory.Trajectory get(int index) {
        throw new IllegalArgumentException("trajectory " + index + " is corrupt");
      }

      @Override
      public String describe() {
        return "broken";
      }
    };
    PhaseRun pr = new PhaseRun(config(1, 1, "0.01S", "30S"), new VirtualTicker(),
        ScenarioTestKit.recording(AgentSpeed.client(n -> 200, 0.01, 30), r -> { }), broken, new Assignment(1, 2, 0),
        new RequestFactory(16384, false, 0), () -> false, new NoPower(), null);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> pr.run(1, 2, PhasePrefix.of(1, 1)))
        .hasMessageContaining("of phase 1 failed: trajectory").hasMessageContaining("is corrupt");
  }

  /** Each record's play and label, in the order the records finished. */
  private static List<String> labels(ConcurrentLinkedQueue<RequestRecord> records) {
    return records.stream().map(r -> r.tags().correlationId() + "/" + r.tags().turnIndex() + ":" + r.phase()).toList();
  }

  /** The trajectories an agent worked on, in order. */
  private static List<String> trajectories(List<InferenceRequest> sent, int agent) {
    List<String> out = new ArrayList<>();
    sent.stream().filter(q -> q.tags().lane() == agent).forEach(q -> {
      if (out.isEmpty() || !out.getLast().equals(q.tags().correlationId())) {
        out.add(q.tags().correlationId());
      }
    });
    // Plays are named p<phase>-a<agent>-k<k>; what must match across phases is the trajectory played.
    return out.stream().map(c -> sent.stream().filter(q -> q.tags().correlationId().equals(c)).findFirst().orElseThrow()
        .tags().extra().get("trajectory_id").toString()).toList();
  }
}
