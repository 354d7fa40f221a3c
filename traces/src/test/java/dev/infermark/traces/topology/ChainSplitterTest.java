package dev.infermark.traces.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.synth.SynthOptions;
import dev.infermark.traces.synth.SyntheticTraces;
import dev.infermark.traces.weka.WekaTraceParser;

import dev.infermark.traces.weka.HashIds;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

/** One hand-built trace per rule of spec §2.6 phase 2 and parent-level splitting. */
class ChainSplitterTest {
  /** Hash ids {@code from .. from+count-1} after {@code head}. */
  private static int[] ids(int[] head, int from, int count) {
    int[] out = Arrays.copyOf(head, head.length + count);
    for (int i = 0; i < count; i++) {
      out[head.length + i] = from + i;
    }
    return out;
  }

  private static int[] ids(int from, int count) {
    return ids(new int[0], from, count);
  }

  private static WekaRequest req(double t, String model, int in, int out, double api, int[] ids) {
    return new WekaRequest(t, "n", model, in, out, HashIds.of(ids), List.of(), List.of(), "", api, null, null);
  }

  private static WekaRequest req(double t, double api, int[] ids) {
    return req(t, "m", 20_000, 200, api, ids);
  }

  private static List<List<Integer>> members(List<WekaRequest> requests) {
    return members(requests, SplitOptions.defaults());
  }

  private static List<List<Integer>> members(List<WekaRequest> requests, SplitOptions o) {
    return ChainSplitter.split(requests, o, ChainSplitter.Level.SUBAGENT).stream().map(ChainSplitter.Chain::members).toList();
  }

  @Test
  void deadTailIsContinuedByItsFork() {
    // r1 keeps 5 of r0's 10 blocks (a compaction): phase 1 forks it, phase 2 splices it back
    List<WekaRequest> r = List.of(
        req(0, 1, ids(1, 10)),
        req(2, 1, ids(ids(1, 5), 50, 6)),
        req(4, 1, ids(ids(ids(1, 5), 50, 6), 60, 1)));
    assertThat(members(r)).containsExactly(List.of(0, 1, 2));
  }

  @Test
  void extendedTailKeepsItsForksAsSpawns() {
    // r2 forks from r1, but r3 extends r1 later: r1 is not dead, r2 is a separate chain
    List<WekaRequest> r = List.of(
        req(0, 0.5, ids(1, 4)),
        req(2, 0.5, ids(1, 5)),
        req(3, 0.5, ids(ids(1, 2), 90, 3)),
        req(5, 0.5, ids(1, 6)));
    assertThat(members(r)).containsExactly(List.of(0, 1, 3), List.of(2));
  }

  @Test
  void deepestContinuationIsElected() {
    // r1 shares 3 blocks with the dead tail r0, r2 shares 6: r2 continues r0 although r1 came first
    List<WekaRequest> r = List.of(
        req(0, 1, ids(1, 10)),
        req(2, 2, ids(ids(1, 3), 20, 4)),
        req(3, 1, ids(ids(1, 6), 30, 4)));
    assertThat(members(r)).containsExactly(List.of(0, 2), List.of(1));
  }

  @Test
  void equalDepthElectsEarliestFork() {
    List<WekaRequest> r = List.of(
        req(0, 1, ids(1, 10)),
        req(3, 1, ids(ids(1, 4), 30, 4)),
        req(2, 2, ids(ids(1, 4), 20, 4)));
    assertThat(members(r)).containsExactly(List.of(0, 2), List.of(1));
  }

  @Test
  void equalDepthAndStartElectsLowestIndex() {
    List<WekaRequest> r = List.of(
        req(0, 1, ids(1, 10)),
        req(2, 1, ids(ids(1, 4), 20, 4)),
        req(2, 1, ids(ids(1, 4), 30, 4)));
    assertThat(members(r)).containsExactly(List.of(0, 1), List.of(2));
  }

  @Test
  void continuationMustStartAfterTheTailEndedOnItsModel() {
    List<WekaRequest> overlapping = List.of(req(0, 5, ids(1, 10)), req(2, 1, ids(ids(1, 5), 50, 6)));
    assertThat(members(overlapping)).hasSize(2);
    List<WekaRequest> otherModel = List.of(req(0, 1, ids(1, 10)),
        req(2, "other", 20_000, 200, 1, ids(ids(1, 5), 50, 6)));
    assertThat(members(otherModel)).hasSize(2);
  }

  @Test
  void seamGuardTurnsALateLowOverlapContinuationIntoASpawn() {
    // r1 starts 4999 s after r0 ended (> 3600) and keeps 3 of 10 blocks (0.3 < 0.5): a new spawn
    List<WekaRequest> late = List.of(req(0, 1, ids(1, 10)), req(5000, 1, ids(ids(1, 3), 40, 5)));
    assertThat(members(late)).containsExactly(List.of(0), List.of(1));
    // either condition alone still splices: a prompt low-overlap seam, a late high-overlap resume
    List<WekaRequest> prompt = List.of(req(0, 1, ids(1, 10)), req(100, 1, ids(ids(1, 3), 40, 5)));
    assertThat(members(prompt)).containsExactly(List.of(0, 1));
    List<WekaRequest> resume = List.of(req(0, 1, ids(1, 10)), req(5000, 1, ids(ids(1, 6), 40, 5)));
    assertThat(members(resume)).containsExactly(List.of(0, 1));
    // the thresholds are settings
    SplitOptions wide = new SplitOptions(10_000, 0.5, 1, 0.1, 16_384, true, 4_000, 20, 3);
    assertThat(members(late, wide)).containsExactly(List.of(0, 1));
    SplitOptions strict = new SplitOptions(3600, 0.7, 1, 0.1, 16_384, true, 4_000, 20, 3);
    assertThat(members(resume, strict)).containsExactly(List.of(0), List.of(1));
  }

  @Test
  void otherForksOfAConsumedTailAreReattachedToTheNewTail() {
    // r1 (6 shared blocks) continues r0; r2 forked from r0 too (4 blocks), and continues r1 once r1 ended
    List<WekaRequest> r = List.of(
        req(0, 1, ids(1, 10)),
        req(2, 1, ids(ids(1, 6), 20, 4)),
        req(5, 1, ids(ids(1, 4), 30, 4)));
    assertThat(members(r)).containsExactly(List.of(0, 1, 2));
  }

  @Test
  void titleGenerationPreambleDoesNotBecomeTheMainChain() {
    // r0: a one-shot title call on another model, sharing no prefix; the main chain is r1..r2
    List<WekaRequest> r = List.of(
        req(0, "small", 300, 20, 0.2, new int[] {900}),
        req(1, 1, ids(1, 10)),
        req(3, 1, ids(1, 12)),
        req(4, "small", 300, 30, 0.2, ids(800, 2)));
    List<ChainSplitter.Chain> chains = ChainSplitter.split(r, SplitOptions.defaults(), ChainSplitter.Level.SUBAGENT);
    // it is replayed first on the main chain; r3 is measured against the real main chain's model
    assertThat(chains).containsExactly(new ChainSplitter.Chain("", List.of(0, 1, 2)),
        new ChainSplitter.Chain(":aux:000", List.of(3)));
    // more than 64 output tokens: not a preamble, it founds the main chain
    List<WekaRequest> big = new ArrayList<>(r);
    big.set(0, req(0, "small", 300, 65, 0.2, new int[] {900}));
    assertThat(members(big).getFirst()).containsExactly(0);
    // sharing a prefix with a later request: not a preamble either
    List<WekaRequest> shared = new ArrayList<>(r);
    shared.set(0, req(0, "small", 300, 20, 0.2, new int[] {1}));
    assertThat(members(shared).getFirst()).containsExactly(0);
  }

  @Test
  void requestsWithoutHashIdsRideTheMainChain() {
    List<WekaRequest> r = List.of(
        req(0, 0.5, new int[0]),
        req(1, 0.5, ids(1, 4)),
        req(2, 0.5, new int[0]),
        req(3, 0.5, ids(1, 5)),
        req(4, 0.5, ids(ids(1, 2), 90, 3)));   // a fork while nothing runs: spliced as a seam
    assertThat(members(r)).containsExactly(List.of(0, 1, 2, 3, 4));
    assertThat(members(List.of(req(0, 0.5, new int[0]), req(1, 0.5, new int[0])))).containsExactly(List.of(0, 1));
  }

  @Test
  void invalidThresholdsNameTheSetting() {
    assertThatThrownBy(() -> new SplitOptions(-1, 0.5, 1, 0.1, 16_384, true, 4_000, 20, 3))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("infermark.weka-seam-max-gap-seconds");
  }

  private static TopologyOptions split(boolean on) {
    return new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), on);
  }

  @Test
  void parentRequestsAreSplitIntoTopLevelStreams() {
    int[] base = ids(1, 20);
    List<dev.infermark.traces.weka.WekaEntry> entries = List.of(
        req(0, 1, base),                                          // 0 main
        req(2, "small", 500, 40, 0.5, ids(700, 2)),               // 1 one-shot on another model -> ::aux:000
        req(3, 1, ids(base, 30, 2)),                              // 2 extends 0
        req(3.5, 2, ids(base, 100, 5)),                           // 3 forks from 2 -> ::fa:000
        new WekaSubagent(4.5, "x", "Explore", 1000.0, null, null, "completed",
            List.of(req(4.6, 0.2, ids(base, 50, 1))), List.of("m"), 0, 0, false), // 4 spawns on root turn 1
        req(6, 1, ids(ids(base, 100, 5), 110, 1)),                // 5 extends 3 (on ::fa:000)
        req(9, 1, ids(ids(base, 30, 2), 40, 2)),                  // 6 extends 2: the fork stays a spawn
        req(20, 1, ids(ids(ids(base, 30, 2), 40, 2), 60, 2)));    // 7 extends 6
    WekaTrace t = new WekaTrace("p", List.of("m"), 64, "local", 0, 0, entries, null);
    SessionTree tree = TopologyBuilder.build(t, split(true));
    assertThat(tree.root().turns()).extracting(ReplayTurn::sourceOuterIndex).containsExactly(0, 2, 6, 7);
    assertThat(tree.children()).extracting(ReplayStream::sessionId).containsExactly("p::sa:x", "p::aux:000", "p::fa:000");
    assertThat(tree.stream("p::fa:000").turns()).extracting(ReplayTurn::sourceOuterIndex).containsExactly(3, 5);
    assertThat(tree.stream("p::fa:000").turns()).extracting(ReplayTurn::sourceInnerIndex).containsExactly(-1, -1);
    assertThat(tree.stream("p::fa:000").turns().get(1).delayMs()).isEqualTo(500.0); // 6 - (3.5 + 2)
    // the sub-agent spawns from the main chain's turn 1 (t=3) and joins turn 2 (t=9 >= 5.5)
    assertThat(tree.branches()).containsExactly(
        new Branch("p:spawn:x", "p", 1, 2, List.of("p::sa:x"), 4500.0),
        new Branch("p:flatspawn:0", "p", 0, 1, List.of("p::aux:000"), 2000.0),  // ends 2.5, joins t=3
        new Branch("p:flatspawn:1", "p", 1, 2, List.of("p::fa:000"), 3500.0));  // ends 7, joins t=9
    assertThat(tree.root().turns().get(0).spawnBranchIds()).containsExactly("p:flatspawn:0");
    assertThat(tree.root().turns().get(1).spawnBranchIds()).containsExactly("p:spawn:x", "p:flatspawn:1");
    assertThat(tree.joinsAt("p", 2)).extracting(Branch::id).containsExactly("p:spawn:x", "p:flatspawn:1");
    assertThat(tree.requestCount()).isEqualTo(t.requestCount());

    SessionTree whole = TopologyBuilder.build(t, split(false));
    assertThat(whole.root().turns()).hasSize(7);
    assertThat(whole.children()).extracting(ReplayStream::sessionId).containsExactly("p::sa:x");
  }

  @Test
  void parentLevelWorkerGroupsAndReductionsUseTopLevelNames() {
    int[] base = ids(1, 300);
    List<dev.infermark.traces.weka.WekaEntry> entries = new ArrayList<>();
    entries.add(req(0, "m", 19_200, 200, 1, base));
    entries.add(req(1.5, "m", 20_000, 200, 10, ids(base, 500, 5)));  // extends 0, runs until 11.5
    for (int w = 0; w < 3; w++) {      // three overlapping workers forked from request 1 while it runs
      entries.add(req(2 + w * 0.1, "m", 20_000, 2_000, 3, ids(base, 1000 * (w + 1), 10))); // not reductions
    }
    entries.add(req(30, "m", 40_000, 800, 1, ids(5000, 625)));  // independent reduction: 40000 in, 800 out
    WekaTrace t = new WekaTrace("w", List.of("m"), 64, "local", 0, 0, entries, null);
    SessionTree tree = TopologyBuilder.build(t, split(true));
    assertThat(tree.root().turns()).extracting(ReplayTurn::sourceOuterIndex).containsExactly(0, 1);
    assertThat(tree.children()).extracting(ReplayStream::sessionId)
        .containsExactly("w::wg:000_000", "w::wg:000_001", "w::wg:000_002", "w::aux:000");
    assertThat(tree.requestCount()).isEqualTo(t.requestCount());
  }

  @Test
  void howIdsAreSharedInMemoryNeverChangesTheSplit() {
    // The splitter skips comparing ids a request was built on (HashIds.extendsWhole); the same
    // requests with every id list held on its own must split identically.
    List<List<WekaRequest>> lists = new ArrayList<>();
    for (var f : TestData.wekaFilesIfPresent()) {
      lists.addAll(requestLists(WekaTraceParser.parseFile(f)));
    }
    for (WekaTrace t : SyntheticTraces.generate(SynthOptions.realistic(40), 5)) {
      lists.addAll(requestLists(t));
    }
    SplittableRandom rnd = new SplittableRandom(3);
    for (int k = 0; k < 300; k++) {
      lists.add(randomConversation(rnd));
    }
    for (List<WekaRequest> shared : lists) {
      List<WekaRequest> apart = shared.stream().map(r -> new WekaRequest(r.t(), r.type(), r.model(), r.in(), r.out(),
          HashIds.of(r.hashIds().toArray()), r.inputTypes(), r.outputTypes(), r.stop(), r.apiTime(), r.thinkTime(),
          r.ttft())).toList();
      for (ChainSplitter.Level level : ChainSplitter.Level.values()) {
        assertThat(ChainSplitter.split(shared, SplitOptions.defaults(), level))
            .isEqualTo(ChainSplitter.split(apart, SplitOptions.defaults(), level));
      }
    }
  }

  private static List<List<WekaRequest>> requestLists(WekaTrace t) {
    List<List<WekaRequest>> out = new ArrayList<>();
    out.add(t.parentRequests());
    for (var e : t.requests()) {
      if (e instanceof WekaSubagent s) {
        out.add(s.requests());
      }
    }
    return out;
  }

  // Requests sharing ids as the parser does (each built on the previous one in list order), with
  // extensions, pull-backs, forks from earlier requests, repeats, two models and overlapping times.
  private static List<WekaRequest> randomConversation(SplittableRandom rnd) {
    List<int[]> flat = new ArrayList<>();
    List<WekaRequest> out = new ArrayList<>();
    HashIds previous = HashIds.EMPTY;
    int[] previousIds = new int[0];
    int next = 100;
    for (int k = 0; k < 2 + rnd.nextInt(30); k++) {
      int[] ids;
      int kind = rnd.nextInt(10);
      if (flat.isEmpty() || kind == 0) {
        ids = ids(next, 1 + rnd.nextInt(8)); // independent
      } else {
        int[] from = kind < 6 ? flat.getLast() : flat.get(rnd.nextInt(flat.size()));
        int keep = kind == 9 ? from.length : kind > 6 ? rnd.nextInt(from.length + 1) : from.length;
        ids = ids(Arrays.copyOf(from, keep), next, kind == 9 ? 0 : rnd.nextInt(5)); // kind 9: a repeat
      }
      next += 10;
      int lcp = Arrays.mismatch(previousIds, ids);
      lcp = lcp < 0 ? ids.length : lcp;
      previous = HashIds.extending(previous, lcp, Arrays.copyOfRange(ids, lcp, ids.length));
      previousIds = ids;
      flat.add(ids);
      Double api = rnd.nextInt(5) == 0 ? null : (double) rnd.nextInt(4);
      out.add(new WekaRequest(rnd.nextInt(20), "n", rnd.nextInt(6) == 0 ? "small" : "m", 20_000 + rnd.nextInt(20_000),
          rnd.nextInt(6) == 0 ? 30 : 300, previous, List.of(), List.of(), "", api, null, null));
    }
    return out;
  }
}
