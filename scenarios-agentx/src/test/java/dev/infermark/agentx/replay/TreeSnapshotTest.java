package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.traces.topology.SessionTree;

class TreeSnapshotTest {
  private final SessionTree tree = Trees.spawnJoin();

  @Test
  void ratio0675GivesTStar13500WithLiveChildAndGatedParent() {
    double tStar = StartInstant.sample(tree, 0, 42, 0.675, 0.675);
    assertThat(tStar).isEqualTo(13_500.0);
    TreeSnapshot snap = TreeSnapshot.at(tree, tStar);
    TreeSnapshot.StreamStart parent = snap.streams().get(0);
    TreeSnapshot.StreamStart child = snap.streams().get(1);
    assertThat(parent.stream().root()).isTrue();
    assertThat(parent.nextTurnIndex()).isEqualTo(2);
    assertThat(parent.gatedOnBranch()).isEqualTo("b1");
    assertThat(parent.warmupTurnIndex()).isEqualTo(1);
    assertThat(child.nextTurnIndex()).isEqualTo(1);
    assertThat(child.offsetMs()).isEqualTo(500.0);
    assertThat(child.warmupTurnIndex()).isZero();
    assertThat(snap.warmupCount()).isEqualTo(2);
    assertThat(snap.pendingChildren()).containsEntry("b1", 1);
  }

  @Test
  void ratio0625GivesTStar12500WithPendingChildOnlyParentPrimed() {
    double tStar = StartInstant.sample(tree, 0, 42, 0.625, 0.625);
    assertThat(tStar).isEqualTo(12_500.0);
    TreeSnapshot snap = TreeSnapshot.at(tree, tStar);
    assertThat(snap.streams()).hasSize(2);
    assertThat(snap.streams().get(0).nextTurnIndex()).isEqualTo(2);
    assertThat(snap.streams().get(0).gatedOnBranch()).isEqualTo("b1");
    TreeSnapshot.StreamStart child = snap.streams().get(1);
    assertThat(child.nextTurnIndex()).isZero();
    assertThat(child.offsetMs()).isEqualTo(500.0);
    assertThat(child.primed()).as("a pending-start child is not warmed").isFalse();
    assertThat(snap.warmupCount()).isEqualTo(1);
  }

  @Test
  void childrenSpawnedAfterTStarAreLeftToSpawn() {
    TreeSnapshot snap = TreeSnapshot.at(tree, 5_000);
    assertThat(snap.streams()).hasSize(1);
    assertThat(snap.streams().get(0).nextTurnIndex()).isEqualTo(1);
    assertThat(snap.streams().get(0).gatedOnBranch()).isNull();
    assertThat(snap.streams().get(0).offsetMs()).isEqualTo(7_000.0);
  }

  @Test
  void finishedChildDoesNotGateTheParent() {
    TreeSnapshot snap = TreeSnapshot.at(tree, 18_000);
    assertThat(snap.streams()).hasSize(1);
    assertThat(snap.streams().get(0).gatedOnBranch()).isNull();
    assertThat(snap.pendingChildren()).isEmpty();
  }

  @Test
  void startInstantIsDeterministicPerSeedTraceAndLaneAndInsideTheWindow() {
    SessionTree t = Trees.linear("trace_a", 0, 1_000, 100_000);
    double a = StartInstant.sample(t, 3, 7, 0.25, 0.75);
    assertThat(StartInstant.sample(t, 3, 7, 0.25, 0.75)).isEqualTo(a);
    assertThat(a).isBetween(25_000.0, 75_000.0);
    assertThat(StartInstant.sample(t, 4, 7, 0.25, 0.75)).isNotEqualTo(a);
    assertThat(StartInstant.sample(t, 3, 8, 0.25, 0.75)).isNotEqualTo(a);
    assertThat(StartInstant.sample(Trees.linear("one", 5_000), 0, 1, 0, 1)).as("zero duration").isEqualTo(5_000.0);
  }

  @Test
  void startInstantsSpreadOverTheWholeWindow() {
    SessionTree t = Trees.linear("trace_b", 0, 10_000);
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (int lane = 0; lane < 400; lane++) {
      double v = StartInstant.sample(t, lane, 42, 0, 1);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    // 400 uniform draws: the extremes lie within 2 % of the ends with overwhelming probability (fixed seed).
    assertThat(lo).isCloseTo(0, within(200.0));
    assertThat(hi).isCloseTo(10_000, within(200.0));
  }

  @Test
  void samplerIsRoundRobinSkipsEmptyRootsAndRejectsAnEmptyPool() {
    List<SessionTree> pool = new java.util.ArrayList<>(Trees.pool(4, 0, 1_000));
    pool.add(1, new SessionTree("empty", new dev.infermark.traces.topology.ReplayStream("empty", true, 0, null, null,
        List.of()), List.of(), List.of()));
    TreeSampler sampler = new TreeSampler(pool);
    List<String> draws = new java.util.ArrayList<>();
    for (int i = 0; i < 8; i++) {
      draws.add(sampler.next().traceId());
    }
    assertThat(draws).containsExactly("trace_0000", "trace_0001", "trace_0002", "trace_0003", "trace_0000",
        "trace_0001", "trace_0002", "trace_0003");
    assertThatThrownBy(() -> new TreeSampler(List.of())).isInstanceOf(TreeSampler.EmptyTracePoolException.class)
        .hasMessageContaining("0 traces");
    assertThatThrownBy(() -> new TreeSampler(List.of(pool.get(1))))
        .hasMessageContaining("pool exhausted");
  }
}
