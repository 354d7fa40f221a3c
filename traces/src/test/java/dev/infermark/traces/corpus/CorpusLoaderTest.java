package dev.infermark.traces.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.hub.HfHub;
import dev.infermark.hub.LocalHub;
import dev.infermark.settings.Settings;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.topology.SessionTree;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;
import dev.infermark.traces.weka.WekaTraceWriter;

class CorpusLoaderTest {
  @TempDir
  Path tmp;

  private static Corpus load(Map<String, String> settings, HfHub hub) {
    return TraceFormats.load(Settings.of(settings), hub, TestData.words(), 42);
  }

  private HfHub noHub() {
    return new HfHub(java.net.URI.create("http://127.0.0.1:9/"), Optional.empty(), tmp.resolve("nohub"), true);
  }

  @Test
  void localDirectoryLoadsEveryTraceInSortedOrder() {
    Path dir = TestData.weka("aiperf-fixtures");
    Corpus c = load(Map.of("input-file", dir.toString()), noHub());
    assertThat(c.loader()).isEqualTo("weka_trace");
    assertThat(c.trees()).hasSize(14);
    assertThat(c.trees().getFirst().traceId()).isEqualTo("finite_root_01");
    assertThat(c.datasetMetadata().get("num_dataset_entries").asInt()).isEqualTo(14);
    assertThat(c.datasetMetadata().get("source_type").asString()).isEqualTo("file");
    SessionTree tree = c.trees().getFirst();
    assertThat(c.prompts().messages(tree.root(), 0)).isNotEmpty();
  }

  @Test
  void chainSplittingIsOnByDefaultAndItsThresholdsAreSettings() {
    // trace_0014: after request 101 (2262 blocks, ends at t=3093) a session keeping only its first
    // 235 blocks starts at t=14793 (requests 102-113) and the original one resumes at t=17087
    // (request 114 keeps 2261 blocks). The resume wins the seam election on the dead tail; the
    // other session becomes a parent-level stream of its own.
    String file = TestData.weka("kv-cache-tester/trace_0014.json").toString();
    SessionTree split = load(Map.of("input-file", file), noHub()).trees().getFirst();
    assertThat(split.root().turns()).hasSize(109);
    assertThat(split.stream("trace_0014::fa:000").turns()).extracting(t -> t.sourceOuterIndex())
        .containsExactly(102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113);
    assertThat(split.requestCount()).isEqualTo(123); // 121 parent requests + a 2-request sub-agent
    // a guard rejecting every late seam that drops any block splits the compactions too
    SessionTree strict = load(Map.of("input-file", file, "weka-seam-max-gap-seconds", "0",
        "weka-seam-min-overlap-ratio", "1"), noHub()).trees().getFirst();
    assertThat(strict.root().turns().size()).isLessThan(109);
    assertThat(strict.requestCount()).isEqualTo(123);
    SessionTree off = load(Map.of("input-file", file, "weka-split-flattened-agents", "false"), noHub()).trees().getFirst();
    assertThat(off.root().turns()).hasSize(121);
    assertThat(off.stream("trace_0014::fa:000")).isNull();
    assertThatThrownBy(() -> load(Map.of("input-file", file, "weka-seam-min-overlap-ratio", "-0.5"), noHub()))
        .hasMessageContaining("infermark.weka-seam-min-overlap-ratio must be a finite number >= 0, got -0.5");
  }

  @Test
  void bothSplitSettingsGiveExactTokenCountsOnEverySharedTrace() {
    for (String split : List.of("true", "false")) {
      int requests = 0;
      for (String dir : List.of("aiperf-fixtures", "kv-cache-tester")) {
        Corpus c = load(Map.of("input-file", TestData.weka(dir).toString(), "weka-split-flattened-agents", split), noHub());
        for (SessionTree tree : c.trees()) {
          List<dev.infermark.traces.topology.ReplayStream> streams = new java.util.ArrayList<>(tree.children());
          streams.add(tree.root());
          for (var s : streams) {
            for (var turn : s.turns()) {
              StringBuilder text = new StringBuilder();
              c.prompts().messages(s, turn.index()).forEach(m -> text.append(m.content()));
              assertThat(TestData.words().count(text.toString())).as("%s %s turn %d", split, s.sessionId(), turn.index())
                  .isEqualTo(turn.inputTokens());
              requests++;
            }
          }
        }
      }
      assertThat(requests).as(split).isGreaterThanOrEqualTo(400);
    }
  }

  @Test
  void duplicateTraceIdsInADirectoryAreRejected() throws IOException {
    Path src = TestData.weka("aiperf-fixtures/weka_traces_one_subagent.json");
    Files.copy(src, tmp.resolve("a.json"));
    Files.copy(src, tmp.resolve("b.json"));
    assertThatThrownBy(() -> load(Map.of("input-file", tmp.toString()), noHub()))
        .hasMessageContaining("Duplicate trace id 'trace_sa' in directory")
        .hasMessageContaining("b.json");
  }

  @Test
  void invalidFileNamesItsPath() throws IOException {
    Files.writeString(tmp.resolve("broken.json"), "{\"id\":\"x\",");
    assertThatThrownBy(() -> load(Map.of("input-file", tmp.toString()), noHub()))
        .hasMessageContaining("broken.json: invalid JSON");
  }

  @Test
  void maxContextLengthDropsWholeTracesBeforeTheEntryCap() {
    Path dir = TestData.weka("kv-cache-tester");
    Corpus all = load(Map.of("input-file", dir.toString()), noHub());
    assertThat(all.trees()).hasSize(8);
    long peak0014 = CorpusLoader.peakContext(WekaTraceParser.parseFile(dir.resolve("trace_0014.json")), null);
    assertThat(peak0014).as("README: trace_0014 peak context 158,005").isEqualTo(158_005);
    Corpus filtered = load(Map.of("input-file", dir.toString(), "max-context-length", "100000"), noHub());
    assertThat(filtered.trees()).extracting(SessionTree::traceId).doesNotContain("trace_0014").isNotEmpty();
    for (SessionTree t : filtered.trees()) {
      t.root().turns().forEach(x -> assertThat(x.inputTokens()).isLessThanOrEqualTo(100_000));
    }
    Corpus capped = load(Map.of("input-file", dir.toString(), "max-context-length", "100000", "num-dataset-entries", "2"), noHub());
    assertThat(capped.trees()).extracting(SessionTree::traceId).containsExactlyElementsOf(
        filtered.trees().stream().limit(2).map(SessionTree::traceId).toList());
    assertThat(capped.datasetMetadata().get("num_dataset_entries").asInt()).isEqualTo(2);
    assertThatThrownBy(() -> load(Map.of("input-file", dir.toString(), "max-context-length", "10"), noHub()))
        .hasMessageContaining("All 8 traces exceed --max-context-length=10 tokens");
  }

  @Test
  void hfDatasetIsDownloadedThroughTheHubAndReadOfflineFromTheCache() throws IOException {
    Path served = tmp.resolve("hub/datasets/org/weka");
    Files.createDirectories(served);
    List<WekaTrace> traces = List.of(
        WekaTraceParser.parseFile(TestData.weka("aiperf-fixtures/weka_traces_one_subagent.json")),
        WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0504.json")));
    WekaTraceWriter.writeJsonl(traces, served.resolve("traces.jsonl"));
    Path cache = tmp.resolve("cache");
    try (LocalHub hub = LocalHub.serve(tmp.resolve("hub"))) {
      Corpus c = load(Map.of("hf-weka-dataset", "org/weka", "model", "served-model"), hub.client(cache));
      assertThat(c.loader()).isEqualTo("weka_hf");
      assertThat(c.trees()).extracting(SessionTree::traceId).containsExactly("trace_sa", "trace_0504");
      // AIPerf's public-dataset provenance: --hf-weka-dataset is its weka_hf public loader
      assertThat(c.datasetMetadata().get("source_type").asString()).isEqualTo("public_dataset");
      assertThat(c.datasetMetadata().get("loader").asString()).isEqualTo("weka_hf");
      assertThat(c.datasetMetadata().get("hf_dataset_name").asString()).isEqualTo("org/weka");
      assertThat(c.datasetMetadata().get("hf_split").asString()).isEqualTo("train");
      assertThat(c.datasetMetadata().has("num_dataset_entries")).isFalse(); // not asked for
      assertThat(c.prefixCache().lookup("trace_0504", 0, -1)).isNotNull(); // its theoretical prefix-cache blocks
      Corpus capped = load(Map.of("hf-weka-dataset", "org/weka", "num-dataset-entries", "5"), hub.client(cache));
      assertThat(capped.datasetMetadata().get("num_dataset_entries").asInt()).isEqualTo(5); // as asked, as AIPerf
      assertThat(c.trees().getFirst().root().turns().getFirst().model()).isEqualTo("served-model");
      assertThat(hub.requests()).anySatisfy(r -> assertThat(r).contains("traces.jsonl"));
    }
    // hub gone, offline mode: served from the HF cache layout
    HfHub offline = new HfHub(java.net.URI.create("http://127.0.0.1:9/"), Optional.empty(), cache, true);
    Corpus again = load(Map.of("hf-weka-dataset", "org/weka"), offline);
    assertThat(again.trees()).hasSize(2);
    assertThat(again.requestCount()).isEqualTo(6);
    HfHub emptyCache = new HfHub(java.net.URI.create("http://127.0.0.1:9/"), Optional.empty(), tmp.resolve("empty"), true);
    assertThatThrownBy(() -> load(Map.of("hf-weka-dataset", "org/weka"), emptyCache))
        .hasMessageContaining("cannot get the Weka corpus org/weka");
  }

  @Test
  void publicAliasesResolveToTheirRepos() throws IOException {
    Path served = tmp.resolve("hub/datasets/semianalysisai/cc-traces-weka-062126");
    Files.createDirectories(served);
    WekaTraceWriter.writeJsonl(List.of(WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0187.json"))),
        served.resolve("traces.jsonl"));
    try (LocalHub hub = LocalHub.serve(tmp.resolve("hub"))) {
      for (String alias : List.of("semianalysis_cc_traces_weka_062126", "semianalysis_cc_traces_weka_with_subagents")) {
        Corpus c = load(Map.of("public-dataset", alias), hub.client(tmp.resolve("cache")));
        assertThat(c.loader()).isEqualTo(alias);
        assertThat(c.datasetMetadata().get("source_type").asString()).isEqualTo("public_dataset");
        assertThat(c.datasetMetadata().get("loader").asString()).isEqualTo(alias);
        assertThat(c.datasetMetadata().get("hf_dataset_name").asString()).isEqualTo("semianalysisai/cc-traces-weka-062126");
        assertThat(c.datasetMetadata().get("hf_split").asString()).isEqualTo("train");
        assertThat(c.trees()).hasSize(1);
      }
    }
    assertThat(PublicDatasets.repo("semianalysis_cc_traces_weka_062126_256k")).isEqualTo("semianalysisai/cc-traces-weka-062126-256k");
    assertThat(PublicDatasets.repo("semianalysis_cc_traces_weka_with_subagents_060826_256k"))
        .isEqualTo("semianalysisai/cc-traces-weka-with-subagents-060826-256k");
    assertThatThrownBy(() -> PublicDatasets.repo("nope")).hasMessageContaining("unknown Weka corpus alias 'nope'");
  }

  @Test
  void badJsonlRowIsNamedByRow() throws IOException {
    Path f = tmp.resolve("traces.jsonl");
    WekaTraceWriter.writeJsonl(List.of(WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0187.json"))), f);
    Files.writeString(f, "{\"id\":\"y\",\"models\":[],\"block_size\":64,\"hash_id_scope\":\"local\",\"requests\":[],\"bogus\":1}\n",
        java.nio.file.StandardOpenOption.APPEND);
    assertThatThrownBy(() -> load(Map.of("input-file", f.toString()), noHub()))
        .hasMessageContaining(f + " row 2: bogus: unknown key");
  }

  @Test
  void sourceSelectionErrorsNameTheSettings() {
    assertThatThrownBy(() -> load(Map.of(), noHub())).hasMessageContaining("no AgentX corpus selected");
    assertThatThrownBy(() -> load(Map.of("input-file", "x", "public-dataset", "y"), noHub()))
        .hasMessageContaining("choose one dataset: infermark.input-file=x and infermark.public-dataset=y");
    assertThatThrownBy(() -> load(Map.of("input-file", tmp.resolve("missing").toString()), noHub()))
        .hasMessageContaining("missing does not exist");
  }
}
