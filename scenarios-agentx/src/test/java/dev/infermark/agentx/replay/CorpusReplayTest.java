package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.settings.Settings;
import dev.infermark.testdata.SharedData;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.synth.SyntheticTraces;

/** Replays loaded corpora (real kv-cache-tester traces, synthetic traces) on the fake clock for a simulated window. */
class CorpusReplayTest {
  private static final Path DATA = SharedData.root();

  @TempDir
  Path dir;

  private static Corpus load(Path input) {
    return TraceFormats.load(Settings.of(Map.of("input-file", input.toString())), null, WordTokenizer.instance(), 42);
  }

  /** Completes everything in flight after {@code serviceMs}, else jumps to the next timer, until the run ends. */
  private static void drive(Harness h, double serviceMs) {
    for (int i = 0; i < 200_000 && h.replay.stage() != AgenticReplay.Stage.DONE; i++) {
      if (!h.net.open.isEmpty()) {
        h.clock.advanceMs(serviceMs);
        h.net.okAll();
      } else {
        Long next = h.replay.pendingDueNs().stream().findFirst().orElse(h.clock.nowNanos() + 1_000_000_000L);
        h.clock.advanceTo(Math.max(next, h.clock.nowNanos()));
      }
      h.clock.runDue();
      assertThat(h.replay.stats().liveTrees()).isLessThanOrEqualTo(4);
    }
    assertThat(h.replay.stage()).isEqualTo(AgenticReplay.Stage.DONE);
    assertThat(h.log).as("replay barriers always clear on recorded data").noneMatch(l -> l.contains("cannot clear"));
  }

  private static void assertTreeDiscipline(Harness h) {
    Map<String, Integer> laneOfRoot = new HashMap<>();
    for (FakeDispatcher.Sent s : h.net.sent) {
      Integer prior = laneOfRoot.putIfAbsent(s.request().tags().rootCorrelationId(), s.request().tags().lane());
      assertThat(prior == null || prior == s.request().tags().lane()).as("a tree stays on its lane").isTrue();
      // and so on one URL when there are several
      assertThat(s.request().affinity()).isEqualTo("lane-" + s.request().tags().lane());
      String marker = (String) s.request().tags().extra().get("cache_bust_marker");
      assertThat(s.firstUserText()).startsWith(marker + "\n\n");
    }
    Map<String, Set<String>> markersPerRoot = new HashMap<>();
    h.net.sent.forEach(s -> markersPerRoot.computeIfAbsent(s.request().tags().rootCorrelationId(), k -> new HashSet<>())
        .add((String) s.request().tags().extra().get("cache_bust_marker")));
    assertThat(markersPerRoot.values()).as("one marker per tree play, shared by its descendants")
        .allMatch(m -> m.size() == 1);
  }

  @Test
  void realKvCacheTesterTracesReplayWithinTheTreeDiscipline() {
    Path traces = DATA.resolve("weka/kv-cache-tester");
    Assumptions.assumeTrue(Files.isDirectory(traces), "shared data absent: " + traces.toAbsolutePath());
    Corpus corpus = load(traces);
    assertThat(corpus.trees()).isNotEmpty();
    Trees.Cfg cfg = new Trees.Cfg().concurrency(4);
    Harness h = new Harness(cfg, corpus.trees(), corpus.prompts()).start();
    drive(h, 2_000);
    assertThat(h.sent(Phase.WARMUP)).isNotEmpty().allMatch(s -> s.request().maxTokens() == 1);
    assertThat(h.profiling()).hasSizeGreaterThan(50);
    assertThat(h.replay.stats().maxLiveTrees()).isEqualTo(4);
    assertTreeDiscipline(h);
  }

  @Test
  void syntheticTracesReplayWithSubAgents() {
    SyntheticTraces.writeDirectory(dir.resolve("synth"), 8, 7);
    Corpus corpus = load(dir.resolve("synth"));
    Harness h = new Harness(new Trees.Cfg().concurrency(4), corpus.trees(), corpus.prompts()).start();
    drive(h, 1_500);
    assertThat(h.profiling()).hasSizeGreaterThan(50);
    assertTreeDiscipline(h);
  }

  @Test
  void smokeFolderIsClaimedAndForeignFoldersAreRefused() throws Exception {
    Path own = dir.resolve("smoke");
    SmokeCorpus.claim(own);
    Files.writeString(own.resolve("synth_0000.json"), "{}");
    SmokeCorpus.claim(own);
    assertThat(own.resolve("synth_0000.json")).doesNotExist();
    assertThat(own.resolve(SmokeCorpus.MARKER)).exists();
    Path foreign = Files.createDirectories(dir.resolve("real"));
    Files.writeString(foreign.resolve("trace_0001.json"), "{}");
    assertThatThrownBy(() -> SmokeCorpus.claim(foreign)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("refusing to overwrite");
    assertThat(foreign.resolve("trace_0001.json")).exists();
  }
}
