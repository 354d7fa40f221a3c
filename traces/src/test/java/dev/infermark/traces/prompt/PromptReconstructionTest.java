package dev.infermark.traces.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.JsonText;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.prompt.Segment.Role;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.topology.TopologyBuilder;
import dev.infermark.traces.topology.TopologyOptions;
import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;

class PromptReconstructionTest {
  static final long SEED = 42;

  /** One trace's tree and prompts. */
  record Built(WekaTrace trace, SessionTree tree, CorpusPrompts prompts) {
    List<ReplayStream> streams() {
      List<ReplayStream> all = new ArrayList<>();
      all.add(tree.root());
      all.addAll(tree.children());
      return all;
    }

    WekaRequest request(ReplayStream s, int k) {
      var turn = s.turns().get(k);
      WekaEntry e = trace.requests().get(turn.sourceOuterIndex());
      return turn.sourceInnerIndex() < 0 ? (WekaRequest) e : ((WekaSubagent) e).requests().get(turn.sourceInnerIndex());
    }
  }

  static Built build(Path file, TokenCorpus corpus, long seed) {
    return build(file, corpus, seed, TopologyOptions.defaults());
  }

  static Built build(Path file, TokenCorpus corpus, long seed, TopologyOptions options) {
    WekaTrace t = WekaTraceParser.parseFile(file);
    SessionTree tree = TopologyBuilder.build(t, options);
    CorpusPrompts p = new CorpusPrompts(corpus, seed, null);
    p.add(t, tree);
    return new Built(t, tree, p);
  }

  static String text(List<ChatMessage> messages) {
    StringBuilder b = new StringBuilder();
    for (ChatMessage m : messages) {
      b.append(m.content());
    }
    return b.toString();
  }

  @Test
  void trace0504ThreeTurnsMatchTheSpecExample() {
    Built b = build(TestData.weka("kv-cache-tester/trace_0504.json"), TokenCorpus.build(TestData.words(), SEED), SEED);
    StreamPrompts s = b.prompts().stream("trace_0504");
    var t0 = s.turn(0);
    assertThat(t0.reset()).isTrue();
    assertThat(t0.segments()).extracting(Segment::role).containsExactly(Role.SYSTEM, Role.USER);
    assertThat(t0.segments()).extracting(x -> x.tokens(64)).containsExactly(10816L, 317L);
    assertThat(t0.segments().get(1).blocks()).isEqualTo(4);
    assertThat(t0.segments().get(1).tailTokens()).isEqualTo(61);

    var t1 = s.turn(1);
    assertThat(t1.reset()).as("the 61-token tail of turn 0 is stripped: emitted context disturbed").isTrue();
    assertThat(t1.segments()).extracting(Segment::role).containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.USER);
    assertThat(t1.segments()).extracting(x -> x.tokens(64)).containsExactly(10816L, 256L, 192L, 36L);

    var t2 = s.turn(2);
    assertThat(t2.reset()).isTrue();
    assertThat(t2.segments()).extracting(Segment::role).containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.USER);
    assertThat(t2.segments()).extracting(x -> x.tokens(64)).containsExactly(10816L, 64L, 128L, 298L);
    assertThat(t2.segments().get(3).blocks()).isEqualTo(4);
    assertThat(t2.segments().get(3).tailTokens()).isEqualTo(42);
    assertThat(t2.delta()).hasSize(4);
  }

  @Test
  void appendsDeltasWhenNothingEmittedIsDisturbed() {
    // in multiples of 64: no synthetic tails, so pure extensions append assistant + user deltas
    String json = """
        {"id":"d","models":["m"],"block_size":64,"hash_id_scope":"local","tool_tokens":100,"system_tokens":28,"requests":[
         {"t":0,"type":"n","model":"m","in":256,"out":70,"hash_ids":[1,2,3,4]},
         {"t":1,"type":"n","model":"m","in":512,"out":10,"hash_ids":[1,2,3,4,5,6,7,8]},
         {"t":2,"type":"n","model":"m","in":576,"out":0,"hash_ids":[1,2,3,4,5,6,7,8,9]},
         {"t":3,"type":"n","model":"m","in":192,"out":5,"hash_ids":[1,2,9]}]}""";
    WekaTrace t = WekaTraceParser.parse("d", json);
    CorpusPrompts p = new CorpusPrompts(TokenCorpus.build(TestData.words(), SEED), SEED, null);
    p.add(t, TopologyBuilder.build(t, TopologyOptions.defaults()));
    StreamPrompts s = p.stream("d");
    assertThat(s.turn(0).segments()).extracting(Segment::role, Segment::blocks).containsExactly(
        org.assertj.core.groups.Tuple.tuple(Role.SYSTEM, 2), org.assertj.core.groups.Tuple.tuple(Role.USER, 2));
    var t1 = s.turn(1);
    assertThat(t1.reset()).isFalse();
    assertThat(t1.deltaFrom()).isEqualTo(2);
    // assistant share ceil(70/64) = 2 blocks of the 4 new ones
    assertThat(t1.delta()).extracting(Segment::role, Segment::blocks).containsExactly(
        org.assertj.core.groups.Tuple.tuple(Role.ASSISTANT, 2), org.assertj.core.groups.Tuple.tuple(Role.USER, 2));
    // one new block, out_prev = 10 -> assistant would take the whole region with no tail: user keeps it
    var t2 = s.turn(2);
    assertThat(t2.reset()).isFalse();
    assertThat(t2.delta()).extracting(Segment::role, Segment::blocks).containsExactly(org.assertj.core.groups.Tuple.tuple(Role.USER, 1));
    // pull-back to 2 blocks removes everything after the system segment: reset, and no user segment
    // survived, so the context-loss rule gives the assistant nothing
    var t3 = s.turn(3);
    assertThat(t3.reset()).isTrue();
    assertThat(t3.segments()).extracting(Segment::role, Segment::blocks).containsExactly(
        org.assertj.core.groups.Tuple.tuple(Role.SYSTEM, 2), org.assertj.core.groups.Tuple.tuple(Role.USER, 1));
  }

  /** A turn re-sends earlier segments: their escaped text is kept once, and is the text's escaped form. */
  @Test
  void reSentSegmentsKeepOneEscapedText() {
    String json = """
        {"id":"d","models":["m"],"block_size":64,"hash_id_scope":"local","tool_tokens":100,"system_tokens":28,"requests":[
         {"t":0,"type":"n","model":"m","in":256,"out":70,"hash_ids":[1,2,3,4]},
         {"t":1,"type":"n","model":"m","in":512,"out":10,"hash_ids":[1,2,3,4,5,6,7,8]}]}""";
    WekaTrace t = WekaTraceParser.parse("d", json);
    CorpusPrompts p = new CorpusPrompts(TokenCorpus.build(TestData.words(), SEED), SEED, null);
    p.add(t, TopologyBuilder.build(t, TopologyOptions.defaults()));
    var turn0 = p.stream("d").messages(0);
    var turn1 = p.stream("d").messages(1);
    assertThat(turn1).hasSize(4);
    for (int i = 0; i < turn1.size(); i++) {
      CharSequence c = turn1.get(i).content();
      assertThat(c).isInstanceOf(JsonText.class);
      assertThat(((JsonText) c).jsonEscaped()).isEqualTo(JsonText.escape(c.toString()));
    }
    for (int i = 0; i < turn0.size(); i++) {
      // the same segment in both turns: one escaped text, kept
      assertThat(((JsonText) turn0.get(i).content()).jsonEscaped())
          .isSameAs(((JsonText) turn1.get(i).content()).jsonEscaped());
    }
  }

  @Test
  void everySharedRequestHasExactlyInTokensAndHashDeterminedPrefixes() {
    Tokenizer tok = TestData.words();
    TokenCorpus corpus = TokenCorpus.build(tok, SEED);
    int requests = 0;
    for (Path f : TestData.wekaFiles()) {
      Built b = build(f, corpus, SEED);
      BlockSeeds seeds = new BlockSeeds(SEED, b.trace().id());
      for (ReplayStream s : b.streams()) {
        StreamPrompts sp = b.prompts().stream(s.sessionId());
        for (int k = 0; k < s.turns().size(); k++) {
          WekaRequest r = b.request(s, k);
          List<ChatMessage> messages = b.prompts().messages(s, k);
          String text = text(messages);
          assertThat(tok.count(text)).as("%s turn %d", s.sessionId(), k).isEqualTo(r.in());
          // The text is the hash blocks in order, then the synthetic tail: equal hash-id prefixes
          // (in any stream of the trace) therefore give byte-identical text prefixes.
          int covered = Math.min(r.hashIds().size(), r.in() / b.trace().blockSize());
          StringBuilder blocks = new StringBuilder();
          for (int i = 0; i < covered; i++) {
            corpus.append(blocks, seeds.blockStart(r.hashIds().get(i)), b.trace().blockSize());
          }
          assertThat(text.startsWith(blocks.toString())).as("%s turn %d block prefix", s.sessionId(), k).isTrue();
          // Accumulated history: without a reset, the previous turn's messages are kept as they were.
          var plan = sp.turn(k);
          if (k > 0 && !plan.reset()) {
            assertThat(plan.segments().subList(0, plan.deltaFrom())).isEqualTo(sp.turn(k - 1).segments());
          }
          long sum = 0;
          for (Segment seg : plan.segments()) {
            sum += seg.tokens(b.trace().blockSize());
          }
          assertThat(sum).isEqualTo(r.in());
          requests++;
        }
      }
    }
    assertThat(requests).isGreaterThanOrEqualTo(400);
  }

  @Test
  void splitStreamsAlsoGetExactTokenCounts() {
    Tokenizer tok = TestData.words();
    TokenCorpus corpus = TokenCorpus.build(tok, SEED);
    TopologyOptions split = new TopologyOptions(null, TopologyOptions.ModelMapping.identity(), true);
    int requests = 0;
    for (Path f : TestData.wekaFiles()) {
      Built b = build(f, corpus, SEED, split);
      for (ReplayStream s : b.streams()) {
        for (int k = 0; k < s.turns().size(); k++) {
          assertThat(tok.count(text(b.prompts().messages(s, k)))).as("%s turn %d", s.sessionId(), k)
              .isEqualTo(b.request(s, k).in());
          requests++;
        }
      }
    }
    assertThat(requests).isGreaterThanOrEqualTo(400);
  }

  @Test
  void requestsSharingHashPrefixesShareTextPrefixesAcrossStreams() {
    Built b = build(TestData.weka("kv-cache-tester/trace_0504.json"), TokenCorpus.build(TestData.words(), SEED), SEED);
    ReplayStream root = b.tree().root();
    String t1 = text(b.prompts().messages(root, 1));
    String t2 = text(b.prompts().messages(root, 2));
    int common = commonPrefix(t1, t2);
    String shared = t1.substring(0, common);
    // exactly 170 shared blocks of 64 one-token words (the next block differs)
    assertThat(TestData.words().count(shared)).isBetween(170 * 64, 170 * 64 + 1);

    Built sub = build(TestData.weka("kv-cache-tester/trace_0277.json"), TokenCorpus.build(TestData.words(), SEED), SEED);
    ReplayStream a = sub.tree().children().get(0);
    ReplayStream c = sub.tree().children().get(1);
    int lcp = sub.request(a, 0).hashIds().commonPrefix(sub.request(c, 0).hashIds());
    assertThat(lcp).as("sibling sub-agents share leading hash ids").isPositive();
    String ta = text(sub.prompts().messages(a, 0));
    String tc = text(sub.prompts().messages(c, 0));
    assertThat(TestData.words().count(ta.substring(0, commonPrefix(ta, tc)))).isGreaterThanOrEqualTo(lcp * 64);
  }

  @Test
  void textIsDeterministicForASeedAndChangesWithIt() {
    Tokenizer tok = TestData.words();
    Path f = TestData.weka("kv-cache-tester/trace_0187.json");
    String a = text(build(f, TokenCorpus.build(tok, 7), 7).prompts().stream("trace_0187").messages(2));
    String b = text(build(f, TokenCorpus.build(tok, 7), 7).prompts().stream("trace_0187").messages(2));
    String c = text(build(f, TokenCorpus.build(tok, 8), 8).prompts().stream("trace_0187").messages(2));
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
  }

  @Test
  void lazyTextBehavesLikeItsString() {
    Built b = build(TestData.weka("kv-cache-tester/trace_0187.json"), TokenCorpus.build(TestData.words(), SEED), SEED);
    for (ChatMessage m : b.prompts().stream("trace_0187").messages(1)) {
      CharSequence cs = m.content();
      String s = cs.toString();
      assertThat(cs.length()).isEqualTo(s.length());
      for (int i = 0; i < s.length(); i += 97) {
        assertThat(cs.charAt(i)).isEqualTo(s.charAt(i));
      }
      assertThat(cs.charAt(s.length() - 1)).isEqualTo(s.charAt(s.length() - 1));
    }
  }

  @Test
  void systemPrefixNeedingMoreBlocksThanRecordedFails() {
    WekaTrace t = WekaTraceParser.parse("p", """
        {"id":"p","models":["m"],"block_size":64,"hash_id_scope":"local","tool_tokens":500,"system_tokens":0,"requests":[
         {"t":0,"type":"n","model":"m","in":300,"out":1,"hash_ids":[1,2,3,4]}]}""");
    CorpusPrompts p = new CorpusPrompts(TokenCorpus.build(TestData.words(), SEED), SEED, null);
    assertThatThrownBy(() -> p.add(t, TopologyBuilder.build(t, TopologyOptions.defaults())))
        .hasMessageContaining("turn-0 system prefix requires 8 hash blocks but only 4 were recorded");
  }

  static int commonPrefix(String a, String b) {
    int n = Math.min(a.length(), b.length());
    int i = 0;
    while (i < n && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    return i;
  }
}
