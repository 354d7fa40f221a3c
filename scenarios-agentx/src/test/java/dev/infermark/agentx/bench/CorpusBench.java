package dev.infermark.agentx.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import dev.infermark.agentx.corpus.Corpus;
import dev.infermark.agentx.corpus.CorpusBuilder;
import dev.infermark.agentx.corpus.CorpusLoader;
import dev.infermark.agentx.corpus.TestData;
import dev.infermark.agentx.synth.SynthOptions;
import dev.infermark.agentx.synth.SyntheticTraces;
import dev.infermark.agentx.topology.ReplayStream;
import dev.infermark.agentx.topology.SessionTree;
import dev.infermark.agentx.topology.TopologyOptions;
import dev.infermark.agentx.trace.WekaTrace;
import dev.infermark.agentx.trace.WekaTraceWriter;
import dev.infermark.client.ChatMessage;
import dev.infermark.json.Json;
import dev.infermark.tokenizer.HfTokenizer;
import dev.infermark.tokenizer.Tokenizer;
import tools.jackson.databind.node.ObjectNode;

/**
 * Corpus benchmark (not a test): loads and reconstructs (a) the real traces in shared/data/weka and
 * (b) a synthetic corpus the size of the SemiAnalysis HF corpus (393 traces, ~100k requests), then
 * writes {@code target/bench/corpus.json} with traces, requests, wall_s and peak_heap_mb for each.
 *
 * <p>"Reconstruct" = session trees plus the planned prompt of every request (segment lists over
 * shared block text); message text is assembled when a request is sent, so rendering is measured
 * separately on a random sample ({@code render_ms_per_request}) and token counts are verified on it.
 * Run from the module folder with {@code -Xmx1g}; the tokenizer is
 * {@code -Dinfermark.bench.tokenizer=<tokenizer.json>} (default: the Qwen3 cache used by the tests),
 * else the built-in word tokenizer ({@code builtin:words}), as the output states. With {@code -Dinfermark.bench.jsonl=true}
 * it also writes (b) to a temporary {@code traces.jsonl} and times loading it back through the strict
 * parser (c).
 */
public final class CorpusBench {
  private CorpusBench() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "target/bench/corpus.json");
    Path tokPath = Path.of(System.getProperty("infermark.bench.tokenizer",
        System.getProperty("user.home") + "/.cache/infermark/tokenizers/qwen3/tokenizer.json"));
    Tokenizer tok = Files.isRegularFile(tokPath) ? HfTokenizer.load("qwen3:" + tokPath, tokPath) : TestData.words();
    ObjectNode report = Json.object();
    report.put("tokenizer", tok.name());
    report.put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20);
    report.put("processors", Runtime.getRuntime().availableProcessors());

    Path data = Path.of(System.getProperty("infermark.shared.data", "../../shared/data")).resolve("weka");
    if (Files.isDirectory(data)) {
      report.set("real", run(() -> {
        List<WekaTrace> traces = new ArrayList<>();
        traces.addAll(CorpusLoader.readLocal(data.resolve("aiperf-fixtures")));
        traces.addAll(CorpusLoader.readLocal(data.resolve("kv-cache-tester")));
        return CorpusBuilder.build(traces, TopologyOptions.defaults(), tok, 42, null, Json.object(), "weka_trace");
      }, tok));
    } else {
      report.put("real", "skipped: no shared data at " + data.toAbsolutePath());
    }
    report.set("synthetic_hf_size", run(() -> {
      List<WekaTrace> traces = SyntheticTraces.generate(SynthOptions.hfCorpusSize(), 42);
      return CorpusBuilder.build(traces, TopologyOptions.defaults(), tok, 42, null, Json.object(), "synthetic");
    }, tok));
    if (Boolean.getBoolean("infermark.bench.jsonl")) {
      // (c) the same synthetic corpus read back from traces.jsonl (the HF layout): strict parsing included
      Path jsonl = Files.createTempFile("agentx-bench-", ".jsonl");
      try {
        WekaTraceWriter.writeJsonl(SyntheticTraces.generate(SynthOptions.hfCorpusSize(), 42), jsonl);
        ObjectNode c = run(() -> CorpusBuilder.build(CorpusLoader.readJsonl(jsonl, "bench/traces.jsonl"),
            TopologyOptions.defaults(), tok, 42, null, Json.object(), "weka_hf"), tok);
        c.put("jsonl_mb", Files.size(jsonl) >> 20);
        report.set("synthetic_hf_size_from_jsonl", c);
      } finally {
        Files.deleteIfExists(jsonl);
      }
    }
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, Json.PRETTY.writeValueAsString(report));
    System.out.println(Json.PRETTY.writeValueAsString(report));
    System.out.println("wrote " + out.toAbsolutePath());
  }

  private interface Load {
    Corpus load() throws Exception;
  }

  private static ObjectNode run(Load load, Tokenizer tok) throws Exception {
    System.gc();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    Corpus c = load.load();
    double wall = (System.nanoTime() - t0) / 1e9;
    long peak = 0;
    for (MemoryPoolMXBean p : heap) {
      peak += p.getPeakUsage().getUsed();
    }
    System.gc();
    long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    ObjectNode r = Json.object();
    r.put("traces", c.trees().size());
    r.put("requests", c.requestCount());
    r.put("wall_s", Math.round(wall * 1000) / 1000.0);
    r.put("peak_heap_mb", peak >> 20);
    r.put("retained_heap_mb", retained >> 20);

    // Render and verify a random sample of requests (outside the timed load).
    List<ReplayStream> streams = new ArrayList<>();
    long promptTokens = 0;
    for (SessionTree t : c.trees()) {
      streams.add(t.root());
      streams.addAll(t.children());
    }
    for (ReplayStream s : streams) {
      for (var turn : s.turns()) {
        promptTokens += turn.inputTokens();
      }
    }
    SplittableRandom rnd = new SplittableRandom(1);
    int samples = 60;
    int exact = 0;
    long renderNanos = 0;
    for (int i = 0; i < samples; i++) {
      ReplayStream s = streams.get(rnd.nextInt(streams.size()));
      int k = rnd.nextInt(s.turns().size());
      long r0 = System.nanoTime();
      StringBuilder b = new StringBuilder();
      for (ChatMessage m : c.prompts().messages(s, k)) {
        b.append(m.content());
      }
      renderNanos += System.nanoTime() - r0;
      if (tok.count(b.toString()) == s.turns().get(k).inputTokens()) {
        exact++;
      }
    }
    r.put("prompt_tokens_total", promptTokens);
    r.put("render_ms_per_request", Math.round(renderNanos / 1e6 / samples * 100) / 100.0);
    r.put("sampled_requests_exact", exact + "/" + samples);
    return r;
  }
}
