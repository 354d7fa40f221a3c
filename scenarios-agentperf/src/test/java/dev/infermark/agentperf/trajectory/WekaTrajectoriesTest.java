package dev.infermark.agentperf.trajectory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.agentperf.Fixtures;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.settings.Settings;
import dev.infermark.testdata.SharedData;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.corpus.CorpusLoader;
import dev.infermark.traces.synth.SyntheticTraces;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

class WekaTrajectoriesTest {
  private static final long SEED = 42;
  private static final Duration CAP = Duration.ofSeconds(5);
  private static final Tokenizer WORDS = WordTokenizer.instance();

  @TempDir
  Path dir;

  /** One stream per parent and per sub-agent entry (no chain splitting), so streams map onto the recording 1:1. */
  private static Corpus corpus(Path input) {
    return TraceFormats.load(Settings.of(Map.of("input-file", input.toString(), "weka-split-flattened-agents", "false")), null,
        WORDS, SEED);
  }

  private static String text(List<ChatMessage> messages) {
    StringBuilder b = new StringBuilder();
    for (ChatMessage m : messages) {
      b.append(m.content());
    }
    return b.toString();
  }

  @Test
  void eachStreamOfATraceIsATrajectoryWithRecordedSizesAndDelays() throws IOException {
    Settings settings = Settings.of(Map.of("input-file", Fixtures.wekaTrace(dir).toString()));
    WekaTrajectories pool = WekaTrajectories.load(settings, null, WORDS, SEED, 1000, CAP);

    assertThat(pool.size()).isEqualTo(2);
    Trajectory root = pool.get(0);
    Trajectory sub = pool.get(1);
    assertThat(root.id()).isEqualTo("tiny_0001");
    assertThat(sub.id()).isEqualTo("tiny_0001::sa:agent_001");
    assertThat(root.turns()).hasSize(3);
    assertThat(sub.turns()).hasSize(2);

    assertThat(root.turns()).extracting(Turn::inputTokens).containsExactly(100, 150, 200);
    assertThat(root.turns()).extracting(Turn::targetOutputTokens).containsExactly(10, 20, 30);
    // End-to-start gaps: 3.5 - 0 - 2.0 s, then 20 - 3.5 - 1.0 = 15.5 s capped at 5 s; nothing after the last turn.
    assertThat(root.turns()).extracting(Turn::toolDelay)
        .containsExactly(Duration.ofMillis(1500), Duration.ofSeconds(5), Duration.ZERO);
    assertThat(sub.turns()).extracting(Turn::inputTokens).containsExactly(70, 90);
    assertThat(sub.turns()).extracting(Turn::targetOutputTokens).containsExactly(5, 7);
    assertThat(sub.turns()).extracting(Turn::toolDelay).containsExactly(Duration.ofMillis(500), Duration.ZERO);

    for (Trajectory t : List.of(root, sub)) {
      for (Turn turn : t.turns()) {
        // Exactly the recorded input, as a whole and message by message (the client sends them apart).
        assertThat(WORDS.count(text(turn.messages()))).as("%s", t.id()).isEqualTo(turn.inputTokens());
        assertThat(turn.messages().stream().mapToInt(m -> WORDS.count(m.content().toString())).sum())
            .isEqualTo(turn.inputTokens());
        assertThat(turn.messages().getFirst().role()).isEqualTo("system");
        assertThat(turn.messages().getLast().role()).isEqualTo("user");
        assertThat(turn.tools()).isEmpty();
      }
    }
    // The conversation grows: turn 1 repeats turn 0's text, and the same trajectory reads the same each time.
    assertThat(text(root.turns().get(1).messages())).startsWith(text(root.turns().get(0).messages()).substring(0, 200));
    assertThat(text(pool.get(0).turns().get(2).messages())).isEqualTo(text(root.turns().get(2).messages()));
    assertThat(pool.describe()).contains("Weka traces", "2 trajectories", "1 root", "1 sub-agent", "5000 ms");
  }

  @Test
  void theDelayCapAppliesToEveryGap() throws IOException {
    WekaTrajectories pool = WekaTrajectories.of(corpus(Fixtures.wekaTrace(dir)), 1000, Duration.ofMillis(800));

    assertThat(pool.get(0).turns()).extracting(Turn::toolDelay)
        .containsExactly(Duration.ofMillis(800), Duration.ofMillis(800), Duration.ZERO);
    assertThat(pool.get(1).turns()).extracting(Turn::toolDelay).containsExactly(Duration.ofMillis(500), Duration.ZERO);
    assertThat(WekaTrajectories.of(corpus(Fixtures.wekaTrace(dir)), 1000, Duration.ZERO).get(0).turns())
        .allMatch(t -> t.toolDelay().isZero());
  }

  @Test
  void streamsEndBeforeTheFirstPromptOverTheContextAndUnfitStreamsAreDropped() throws IOException {
    Corpus corpus = corpus(Fixtures.wekaTrace(dir));

    // 160 input tokens: the root keeps turns 0-1 (the last has nothing after it), the sub-agent both.
    WekaTrajectories cut = WekaTrajectories.of(corpus, 160, CAP);
    assertThat(cut.size()).isEqualTo(2);
    assertThat(cut.get(0).turns()).extracting(Turn::inputTokens).containsExactly(100, 150);
    assertThat(cut.get(0).turns()).extracting(Turn::toolDelay).containsExactly(Duration.ofMillis(1500), Duration.ZERO);
    assertThat(cut.describe()).contains("1 cut and 0 dropped at 160 input tokens");

    // 80: the root's first prompt (100) does not fit; the sub-agent keeps its first turn.
    WekaTrajectories small = WekaTrajectories.of(corpus, 80, CAP);
    assertThat(small.size()).isEqualTo(1);
    assertThat(small.get(0).id()).isEqualTo("tiny_0001::sa:agent_001");
    assertThat(small.get(0).turns()).hasSize(1);

    assertThatThrownBy(() -> WekaTrajectories.of(corpus, 50, CAP)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("agentperf-max-context").hasMessageContaining("50 input tokens");
  }

  @Test
  void syntheticWekaTracesBecomeTrajectoriesOfExactSize() {
    SyntheticTraces.writeDirectory(dir.resolve("synth"), 3, 11);
    List<WekaTrace> traces = CorpusLoader.readLocal(dir.resolve("synth"));
    WekaTrajectories pool = WekaTrajectories.of(corpus(dir.resolve("synth")), Integer.MAX_VALUE, CAP);

    checkAgainstRecording(pool, traces, 5);
  }

  @Test
  void sharedKvCacheTesterTracesBecomeTrajectories() {
    Path data = SharedData.require("weka/kv-cache-tester");
    List<WekaTrace> traces = CorpusLoader.readLocal(data);
    Corpus corpus = corpus(data);

    WekaTrajectories pool = WekaTrajectories.of(corpus, Integer.MAX_VALUE, CAP);
    checkAgainstRecording(pool, traces, 9);

    // The default context (131072 - 16384): every kept prompt fits, and each stream stops at its first prompt that does not.
    int limit = 131072 - 16384;
    WekaTrajectories fitted = WekaTrajectories.of(corpus, limit, CAP);
    Map<String, Trajectory> full = byId(pool);
    int turns = 0;
    for (int i = 0; i < fitted.size(); i++) {
      Trajectory t = fitted.get(i);
      List<Turn> all = full.get(t.id()).turns();
      assertThat(t.turns()).allMatch(turn -> turn.inputTokens() <= limit);
      if (t.turns().size() < all.size()) {
        assertThat(all.get(t.turns().size()).inputTokens()).isGreaterThan(limit);
      }
      turns += t.turns().size();
    }
    assertThat(turns).isPositive();
  }

  private static Map<String, Trajectory> byId(WekaTrajectories pool) {
    Map<String, Trajectory> m = new HashMap<>();
    for (int i = 0; i < pool.size(); i++) {
      Trajectory t = pool.get(i);
      assertThat(m.put(t.id(), t)).as("duplicate trajectory %s", t.id()).isNull();
    }
    return m;
  }

  /**
   * Every trace's parent requests are one trajectory and every kept sub-agent another, turn for turn
   * with the recorded in/out and end-to-start gaps (capped); prompts of every {@code every}-th turn
   * (and each stream's first and last) have exactly {@code in} tokens.
   */
  private static void checkAgainstRecording(WekaTrajectories pool, List<WekaTrace> traces, int every) {
    Map<String, Trajectory> byId = byId(pool);
    int streams = 0;
    for (WekaTrace trace : traces) {
      List<List<WekaRequest>> recorded = new ArrayList<>();
      List<String> ids = new ArrayList<>();
      recorded.add(trace.parentRequests());
      ids.add(trace.id());
      for (WekaSubagent s : trace.subagents()) {
        recorded.add(s.requests());
        ids.add(trace.id() + "::sa:" + s.agentId());
      }
      assertThat(byId).as("root of %s", trace.id()).containsKey(trace.id());
      for (int j = 0; j < ids.size(); j++) {
        Trajectory t = byId.get(ids.get(j));
        if (t == null) {
          continue; // a sub-agent without a spawn turn is dropped by the topology (logged there)
        }
        streams++;
        List<WekaRequest> reqs = recorded.get(j);
        assertThat(t.turns()).as(t.id()).hasSize(reqs.size());
        for (int k = 0; k < reqs.size(); k++) {
          WekaRequest r = reqs.get(k);
          Turn turn = t.turns().get(k);
          assertThat(turn.inputTokens()).isEqualTo(r.in());
          assertThat(turn.targetOutputTokens()).isEqualTo(r.out());
          double gapMs = k + 1 < reqs.size()
              ? Math.max(0, (reqs.get(k + 1).t() - r.t() - (r.apiTime() == null ? 0 : r.apiTime())) * 1000) : 0;
          assertThat(turn.toolDelay().toNanos() / 1e6).as("%s turn %d delay", t.id(), k)
              .isCloseTo(Math.min(gapMs, CAP.toMillis()), org.assertj.core.data.Offset.offset(0.01));
          if (k % every == 0 || k == reqs.size() - 1) {
            assertThat(WORDS.count(text(turn.messages()))).as("%s turn %d tokens", t.id(), k).isEqualTo(r.in());
          }
        }
      }
    }
    assertThat(pool.size()).isEqualTo(streams);
  }
}
