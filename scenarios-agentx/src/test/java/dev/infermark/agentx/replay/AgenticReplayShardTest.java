package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.infermark.api.request.Phase;
import dev.infermark.shard.Shard;
import dev.infermark.traces.topology.SessionTree;

/** Shards of one replay send, together, exactly the requests one host sends, at the same instants. */
class AgenticReplayShardTest {
  /** One sent request: what it is and when it left, from the run's start. */
  record Sent(Phase phase, String conversation, int turn, int maxTokens, String marker, long atNs) {}

  /** Five lanes over three long traces with different timelines: t* differ, lanes wrap (marker passes matter). */
  private static List<SessionTree> trees() {
    List<SessionTree> out = new ArrayList<>();
    for (int t = 0; t < 3; t++) {
      double[] ts = new double[60];
      for (int i = 0; i < ts.length; i++) {
        ts[i] = i * (700 + 450 * t) + (i % 3) * 130 * t;
      }
      out.add(Trees.linear("trace_" + t, ts));
    }
    return out;
  }

  private static Trees.Cfg cfg() {
    Trees.Cfg c = new Trees.Cfg().concurrency(5);
    c.min = 0.2;
    c.max = 0.6;
    c.duration = java.time.Duration.ofSeconds(15);
    return c;
  }

  /**
   * Runs a replay whose server answers within 50 ms, 30 s of clock; profiling starts at the agreed
   * instant 12 s in (after the whole run's warmup ramp, at most the 10 s idle cap), as start-at makes
   * every shard do.
   */
  private static Set<Sent> play(Shard shard) {
    Harness h = new Harness(cfg(), trees(), shard);
    long t0 = h.clock.nowNanos();
    h.replay.profileNotBefore(t0 + 12_000_000_000L);
    h.start();
    for (int step = 0; step < 600; step++) {
      h.net.okAll();
      h.clock.advanceMs(50);
    }
    Set<Sent> out = new HashSet<>();
    for (FakeDispatcher.Sent s : h.net.sent) {
      out.add(new Sent(s.request().phase(), s.conversation(), s.turn(), s.request().maxTokens(),
          (String) s.request().tags().extra().get("cache_bust_marker"), s.sentNs() - t0));
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 5})
  void theShardsTogetherSendWhatOneHostSendsAtTheSameInstants(int count) {
    Set<Sent> whole = play(Shard.WHOLE);
    assertThat(whole.stream().filter(s -> s.phase() == Phase.PROFILING)).hasSizeGreaterThan(20);
    List<Sent> union = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Set<Sent> part = play(new Shard(i, count, null, "bench-0001"));
      assertThat(part).isNotEmpty();
      union.addAll(part);
    }
    assertThat(union).as("no request sent twice").doesNotHaveDuplicates();
    assertThat(new HashSet<>(union)).isEqualTo(whole);
  }

  @Test
  void aShardPlaysItsOwnLanesOnly() {
    Harness h = new Harness(cfg(), trees(), new Shard(1, 2, null, null)).start();
    h.clock.advanceMs(10_000);
    assertThat(h.net.sent.stream().map(s -> s.request().tags().lane()).distinct().sorted().toList())
        .containsExactly(1, 3);
    assertThat(h.log).anyMatch(l -> l.contains("2 lane(s) of 5 (shard 1 of 2)"));
  }

  @Test
  void profilingWaitsForStartAt() {
    Harness h = new Harness(new Trees.Cfg().ratio(0.5), List.of(Trees.linear("a", 0, 10_000, 11_000, 30_000)));
    h.replay.profileNotBefore(h.clock.nowNanos() + 5_000_000_000L);
    h.start();
    h.net.okAll(); // the primer is back: profiling would start now
    h.clock.advanceMs(4_999);
    assertThat(h.sent(Phase.PROFILING)).isEmpty();
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PRIMING);
    h.clock.advanceMs(1);
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.PROFILING);
    h.clock.advanceMs(1_000); // the next turn's recorded gap after t* = 10 500 ... 11 000
    assertThat(h.sent(Phase.PROFILING)).hasSize(1);
  }

  @Test
  void aShardWithoutALaneIsRefused() {
    assertThatThrownBy(() -> new Harness(new Trees.Cfg().concurrency(2), trees(), new Shard(2, 3, null, null)))
        .hasMessageContaining("infermark.concurrency (2)");
  }
}
