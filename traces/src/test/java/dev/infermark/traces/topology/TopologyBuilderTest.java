package dev.infermark.traces.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;

class TopologyBuilderTest {
  private static SessionTree fixture(String name) {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/" + name));
    return TopologyBuilder.build(t, TopologyOptions.defaults());
  }

  private static SessionTree parse(String json) {
    return TopologyBuilder.build(WekaTraceParser.parse("test", json), TopologyOptions.defaults());
  }

  @Test
  void oneSubagentSpawnsOnTurnZeroAndJoinsTurnOne() {
    SessionTree tree = fixture("weka_traces_one_subagent.json");
    assertThat(tree.root().sessionId()).isEqualTo("trace_sa");
    assertThat(tree.root().root()).isTrue();
    assertThat(tree.branches()).containsExactly(
        new Branch("trace_sa:spawn:agent_001", "trace_sa", 0, 1, List.of("trace_sa::sa:agent_001"), 2000.0));
    ReplayTurn t0 = tree.root().turns().get(0);
    ReplayTurn t1 = tree.root().turns().get(1);
    assertThat(t0.spawnBranchIds()).containsExactly("trace_sa:spawn:agent_001");
    assertThat(t1.joinBranchId()).isEqualTo("trace_sa:spawn:agent_001");
    assertThat(t1.delayMs()).isEqualTo(5000.0); // (6.0 - 0.0) s - api_time 1.0 s
    assertThat(t1.timestampMs()).isEqualTo(6000.0);
    ReplayStream child = tree.children().getFirst();
    assertThat(child.sessionId()).isEqualTo("trace_sa::sa:agent_001");
    assertThat(child.agentDepth()).isEqualTo(1);
    assertThat(child.parentSessionId()).isEqualTo("trace_sa");
    assertThat(child.branchId()).isEqualTo("trace_sa:spawn:agent_001");
    assertThat(child.turns().getFirst().sourceOuterIndex()).isEqualTo(1);
    assertThat(child.turns().getFirst().sourceInnerIndex()).isZero();
  }

  @Test
  void subagentTrace0001HasAbsoluteChildTimesAndEndToStartDelay() {
    SessionTree tree = fixture("weka_subagent_trace_0001.json");
    Branch b = tree.branches().getFirst();
    assertThat(b.spawnTurnIndex()).isZero();
    assertThat(b.joinTurnIndex()).isEqualTo(1);
    ReplayStream child = tree.children().getFirst();
    assertThat(child.turns()).extracting(ReplayTurn::timestampMs).containsExactly(1500.0, 2500.0);
    assertThat(child.turns().get(1).delayMs()).isEqualTo(1000.0);
    assertThat(tree.root().turns()).extracting(ReplayTurn::timestampMs).containsExactly(0.0, 5000.0, 8000.0);
  }

  @Test
  void terminalSubagentIsBackground() {
    SessionTree tree = fixture("weka_traces_terminal_subagent.json");
    Branch b = tree.branches().getFirst();
    assertThat(b.spawnTurnIndex()).isZero();
    assertThat(b.background()).isTrue();
    assertThat(tree.root().turns()).allSatisfy(t -> assertThat(t.joinBranchId()).isNull());
  }

  @Test
  void finiteRoot04CollapsesThreeSubagentsIntoOneBranch() {
    SessionTree tree = fixture("finite_root_04.json");
    assertThat(tree.branches()).hasSize(1);
    Branch b = tree.branches().getFirst();
    assertThat(b.id()).isEqualTo("finite_root_04:spawn:agent_001");
    assertThat(b.spawnTurnIndex()).isZero();
    assertThat(b.joinTurnIndex()).isEqualTo(1);
    assertThat(b.childSessionIds()).containsExactly("finite_root_04::sa:agent_001", "finite_root_04::sa:agent_002",
        "finite_root_04::sa:agent_003");
    assertThat(b.startMs()).isEqualTo(600.0);
    assertThat(tree.children()).hasSize(3).allSatisfy(c -> assertThat(c.branchId()).isEqualTo(b.id()));
  }

  @Test
  void subagentWithoutPrecedingParentTurnIsDropped() {
    SessionTree tree = parse("""
        {"id":"d","models":["m"],"block_size":64,"hash_id_scope":"local","requests":[
         {"t":0,"type":"subagent","agent_id":"early","subagent_type":"E","status":"completed","models":["m"],
          "requests":[{"t":0.5,"type":"n","model":"m","in":10,"out":1}]},
         {"t":1,"type":"n","model":"m","in":10,"out":1}]}""");
    assertThat(tree.children()).isEmpty();
    assertThat(tree.branches()).isEmpty();
    assertThat(tree.requestCount()).isEqualTo(1);
  }

  @Test
  void endFallsBackToInnerApiTimesWithoutDuration() {
    // no duration_ms: end = max(inner t + api_time) = 3.0 + 4.0 = 7.0, so it joins the turn at t=8, not t=5
    SessionTree tree = parse("""
        {"id":"e","models":["m"],"block_size":64,"hash_id_scope":"local","requests":[
         {"t":0,"type":"n","model":"m","in":10,"out":1},
         {"t":1,"type":"subagent","agent_id":"a","subagent_type":"E","status":"async_launched","duration_ms":null,
          "models":["m"],"requests":[{"t":2,"type":"n","model":"m","in":10,"out":1,"api_time":0.5},
                                     {"t":3,"type":"n","model":"m","in":10,"out":1,"api_time":4.0}]},
         {"t":5,"type":"n","model":"m","in":10,"out":1},
         {"t":8,"type":"n","model":"m","in":10,"out":1}]}""");
    assertThat(tree.branches().getFirst().joinTurnIndex()).isEqualTo(2);
    assertThat(tree.joinsAt("e", 2)).hasSize(1);
    assertThat(tree.root().turns().get(2).joinBranchId()).isEqualTo("e:spawn:a");
  }

  @Test
  void branchesWithDifferentSpawnTurnsJoiningTogetherAreAllListed() {
    SessionTree tree = parse("""
        {"id":"j","models":["m"],"block_size":64,"hash_id_scope":"local","requests":[
         {"t":0,"type":"n","model":"m","in":10,"out":1},
         {"t":0.5,"type":"subagent","agent_id":"a","subagent_type":"E","status":"completed","duration_ms":5000,
          "models":["m"],"requests":[{"t":0.6,"type":"n","model":"m","in":10,"out":1}]},
         {"t":1,"type":"n","model":"m","in":10,"out":1},
         {"t":1.5,"type":"subagent","agent_id":"b","subagent_type":"E","status":"completed","duration_ms":1000,
          "models":["m"],"requests":[{"t":1.6,"type":"n","model":"m","in":10,"out":1}]},
         {"t":9,"type":"n","model":"m","in":10,"out":1}]}""");
    assertThat(tree.branches()).extracting(Branch::id).containsExactly("j:spawn:a", "j:spawn:b");
    assertThat(tree.joinsAt("j", 2)).extracting(Branch::id).containsExactly("j:spawn:a", "j:spawn:b");
    assertThat(tree.root().turns().get(0).spawnBranchIds()).containsExactly("j:spawn:a");
    assertThat(tree.root().turns().get(1).spawnBranchIds()).containsExactly("j:spawn:b");
  }

  @Test
  void duplicateAgentIdsAreRejected() {
    assertThatThrownBy(() -> parse("""
        {"id":"dup","models":["m"],"block_size":64,"hash_id_scope":"local","requests":[
         {"t":0,"type":"n","model":"m","in":10,"out":1},
         {"t":1,"type":"subagent","agent_id":"a","subagent_type":"E","status":"completed","models":["m"],
          "requests":[{"t":1,"type":"n","model":"m","in":10,"out":1}]},
         {"t":2,"type":"subagent","agent_id":"a","subagent_type":"E","status":"completed","models":["m"],
          "requests":[{"t":2,"type":"n","model":"m","in":10,"out":1}]}]}"""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trace dup: duplicate sub-agent agent_id 'a'");
  }

  @Test
  void parentTurnsAreCappedBySynthesisMaxOslButSubagentTurnsAreNot() {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/weka_traces_one_subagent.json"));
    SessionTree tree = TopologyBuilder.build(t, new TopologyOptions(35, TopologyOptions.ModelMapping.identity(), false));
    assertThat(tree.root().turns()).extracting(ReplayTurn::maxTokens).containsExactly(30, 35);
    assertThat(tree.children().getFirst().turns().getFirst().maxTokens()).isEqualTo(50);
  }

  @Test
  void modelMappingSendsMainModelToFirstConfiguredName() {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/weka_traces_multi_model.json"));
    SessionTree one = TopologyBuilder.build(t, new TopologyOptions(null, new ModelMap(List.of("served")), false));
    assertThat(one.root().turns()).allSatisfy(x -> assertThat(x.model()).isEqualTo("served"));
    assertThat(one.children().getFirst().turns()).allSatisfy(x -> assertThat(x.model()).isEqualTo("served"));
    SessionTree two = TopologyBuilder.build(t, new TopologyOptions(null, new ModelMap(List.of("big", "small")), false));
    assertThat(two.root().turns().getFirst().model()).isEqualTo("big");
    assertThat(two.children().getFirst().turns().getFirst().model()).isEqualTo("small");
  }

  @Test
  void realTracesKeepEveryRequest() {
    for (var f : TestData.wekaFiles()) {
      WekaTrace t = WekaTraceParser.parseFile(f);
      SessionTree tree = TopologyBuilder.build(t, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), false));
      assertThat(tree.requestCount()).as(f.toString()).isEqualTo(t.requestCount());
      for (ReplayStream s : tree.children()) {
        assertThat(s.sessionId()).startsWith(t.id() + "::sa:");
        for (ReplayTurn x : s.turns()) {
          assertThat(x.delayMs()).isGreaterThanOrEqualTo(0);
        }
      }
    }
  }

  private static int[] ids(int[] head, int from, int count) {
    int[] out = java.util.Arrays.copyOf(head, head.length + count);
    for (int i = 0; i < count; i++) {
      out[head.length + i] = from + i;
    }
    return out;
  }

  private static dev.infermark.traces.weka.WekaRequest req(double t, String model, int out, double api, int[] ids) {
    return new dev.infermark.traces.weka.WekaRequest(t, "n", model, ids.length * 64, out,
        dev.infermark.traces.weka.HashIds.of(ids), List.of(), List.of(), "", api, null, null);
  }

  @Test
  void splitsAFlattenedSubagentIntoNamedChains() {
    int[] base = ids(new int[0], 1, 20);
    int[] r3 = ids(base, 30, 10);
    int[] r4 = ids(base, 40, 10);
    int[] r5 = ids(base, 50, 10);
    int[] r6 = ids(base, 60, 10);
    int[] r7 = ids(r4, 70, 10);
    int[] r12 = ids(r7, 120, 10);
    List<dev.infermark.traces.weka.WekaRequest> inner = List.of(
        req(1.0, "small", 20, 0.1, new int[] {900}),          // r0 title-generation preamble
        req(1.5, "m", 100, 1.0, ids(new int[0], 1, 10)),     // r1 main chain head
        req(3.0, "m", 100, 1.0, base),                       // r2 extends r1
        req(5.0, "m", 100, 3.0, r3),                         // r3 extends r2, still running at 8.0
        req(5.1, "m", 100, 2.0, r4),                         // r4-r6 fork from r3 before it ended, overlapping
        req(5.2, "m", 100, 2.0, r5),
        req(5.3, "m", 100, 2.0, r6),
        req(8.0, "m", 100, 2.0, r7),                         // r7-r9 extend the three workers
        req(8.1, "m", 100, 2.0, ids(r5, 80, 10)),
        req(8.2, "m", 100, 2.0, ids(r6, 90, 10)),
        req(20.0, "m", 500, 1.0, ids(new int[0], 5000, 256)), // r10 reduction: 16384 in, 500 out
        req(21.0, "small", 50, 0.5, ids(new int[0], 7000, 7)), // r11 one-shot on another model
        req(9.0, "m", 100, 1.0, r12),                        // r12 forks from r7 before it ended
        req(11.0, "m", 100, 1.0, ids(r12, 130, 5)));         // r13 extends r12
    var sub = new dev.infermark.traces.weka.WekaSubagent(1.0, "a", "Explore", 30_000.0, null, null, "completed",
        inner, List.of("m", "small"), 0, 0, false);
    WekaTrace t = new WekaTrace("s", List.of("m"), 64, "local", 0, 0, List.of(
        req(0, "m", 10, 0.5, new int[] {1}), sub, req(40, "m", 10, 0.5, new int[] {1, 2})), null);

    SessionTree split = TopologyBuilder.build(t, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), true));
    // streams after the main one come in order of their first request (r12 at t=9 before r10, r11)
    assertThat(split.children()).extracting(ReplayStream::sessionId).containsExactly("s::sa:a",
        "s::sa:a:wg:000_000", "s::sa:a:wg:000_001", "s::sa:a:wg:000_002", "s::sa:a:fa:000", "s::sa:a:aux:red:000",
        "s::sa:a:aux:000");
    // the preamble r0 is replayed as the main chain's first turn
    assertThat(split.children().getFirst().turns()).extracting(ReplayTurn::sourceInnerIndex).containsExactly(0, 1, 2, 3);
    assertThat(split.stream("s::sa:a:wg:000_000").turns()).extracting(ReplayTurn::sourceInnerIndex).containsExactly(4, 7);
    assertThat(split.stream("s::sa:a:fa:000").turns()).extracting(ReplayTurn::sourceInnerIndex).containsExactly(12, 13);
    assertThat(split.root().turns()).hasSize(2);
    assertThat(split.requestCount()).isEqualTo(t.requestCount());
    // every split stream is spawned by parent turn 0 and joined by turn 1 (all end before t=40)
    assertThat(split.branches()).allSatisfy(b -> {
      assertThat(b.spawnTurnIndex()).isZero();
      assertThat(b.joinTurnIndex()).isEqualTo(1);
    });

    SessionTree flat = TopologyBuilder.build(t, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), false));
    assertThat(flat.children()).extracting(ReplayStream::sessionId).containsExactly("s::sa:a");
    assertThat(flat.children().getFirst().turns()).hasSize(14);
  }

  @Test
  void splittingKeepsEveryRealRequestOnce() {
    for (var f : TestData.wekaFiles()) {
      WekaTrace t = WekaTraceParser.parseFile(f);
      SessionTree tree = TopologyBuilder.build(t, new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), true));
      assertThat(tree.requestCount()).as(f.toString()).isEqualTo(t.requestCount());
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (ReplayTurn x : tree.root().turns()) {
        assertThat(seen.add(x.sourceOuterIndex() + "/" + x.sourceInnerIndex())).isTrue();
      }
      for (ReplayStream s : tree.children()) {
        assertThat(s.sessionId()).matches(java.util.regex.Pattern.quote(t.id())
            + "::(sa:[^:]+(:(fa|aux|aux:red):\\d{3}|:wg:\\d{3}_\\d{3})?|(fa|aux):\\d{3}|wg:\\d{3}_\\d{3})");
        for (ReplayTurn x : s.turns()) {
          assertThat(seen.add(x.sourceOuterIndex() + "/" + x.sourceInnerIndex())).isTrue();
        }
      }
    }
  }
}
