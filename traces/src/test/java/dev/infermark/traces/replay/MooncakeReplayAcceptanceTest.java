package dev.infermark.traces.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.settings.Settings;
import dev.infermark.simulator.Profile;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import dev.infermark.testdata.SharedData;
import dev.infermark.testkit.ScenarioTestKit;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.replay.scenarios.TraceReplayScenario;
import tools.jackson.databind.JsonNode;

/**
 * The shared Mooncake trace (3,993 requests over 1,022 s) replayed on its timestamps against the embedded simulator,
 * {@value #SPEEDUP} times faster: every request is due at {@code timestamp / speedup} from the schedule's start and
 * leaves within {@value #LATE_MS} ms of it (the open loop hands it to the client's timer ahead of its instant); the
 * simulator's prefix-cache hit of every request is what the trace's hash ids predict, at the simulator's block
 * granularity; every prompt is {@code input_length} tokens as the simulator counts them. The simulator's KV cache
 * holds the whole trace (no eviction) and prefills a whole prompt in one step, so a prefix is cached once its
 * first request was prefilled: at this speedup the closest reuse comes 14 ms after its first request.
 */
class MooncakeReplayAcceptanceTest {
  static final double SPEEDUP = 20;
  static final long LATE_MS = 200;
  static final int SIM_BLOCK = 16;

  /** Steps of 0.2 ms, prefill 10 ns a token in steps of up to 262,144 tokens, a KV cache for 32M tokens. */
  static final Profile PROFILE = new Profile("mooncake-acceptance", "whole prompts prefilled in one short step",
      200_000, 20_000, 10, 0.0, 1024, 262_144, 2_000_000, 262_144);

  @Test
  @Timeout(600)
  void theSharedTraceReplaysOnTimeAndTheSimulatorsCacheHitsAreTheHashIdsPrediction() throws Exception {
    Path trace = SharedData.require("traces/mooncake/synthetic_trace.jsonl");
    Map<String, String> s = new HashMap<>(Map.of("input-file", trace.toString(), "model", "sim", "replay-speedup",
        String.valueOf(SPEEDUP), "benchmark-grace-period", "60s", "preflight", "false", "streaming", "true",
        "request-timeout", "120s"));
    Corpus corpus = TraceFormats.load(Settings.of(s), null, WordTokenizer.instance(), 7);
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().profile(PROFILE).chatTemplateOverhead(0)
        .servedModelName("sim").groundTruthCapacity(16).build())) {
      ScenarioTestKit.Run run = ScenarioTestKit.settings(s).seed(7).target(sim.baseUri())
          .tokenizer(WordTokenizer.instance()).run(ctx -> new TraceReplayScenario().replay(ctx));
      assertThat(run.failure()).isNull();
      List<RequestRecord> records = run.records().stream().filter(r -> r.phase() == Phase.PROFILING).toList();
      assertThat(records).hasSize(3993).allSatisfy(r -> assertThat(r.ok()).as("%s", r.error()).isTrue());

      Map<String, RequestRecord> bySession = new HashMap<>();
      long zero = Long.MAX_VALUE;
      for (RequestRecord r : records) {
        bySession.put(r.tags().conversationId(), r);
        zero = Math.min(zero, r.dueNs());
      }
      int exactHits = 0;
      long[] late = records.stream().mapToLong(r -> r.startNs() - r.dueNs()).sorted().toArray();
      System.out.printf("mooncake replay at speedup %.0f: lateness p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", SPEEDUP,
          late[late.length / 2] / 1e6, late[(int) (late.length * 0.99)] / 1e6, late[late.length - 1] / 1e6);
      for (var tree : corpus.trees()) {
        RequestRecord r = bySession.get(tree.traceId());
        var turn = tree.root().turns().getFirst();
        long due = Math.round(turn.timestampMs() / SPEEDUP * 1e6);
        assertThat(r.dueNs() - zero).as("%s is due at its timestamp / speedup", tree.traceId()).isEqualTo(due);
        assertThat((r.startNs() - r.dueNs()) / 1e6).as("%s left on time", tree.traceId()).isLessThan(LATE_MS);
        assertThat(r.inputTokens()).as("%s prompt tokens", tree.traceId()).isEqualTo(turn.inputTokens());
        int[] hit = corpus.prefixCache().lookup(tree.traceId(), 0, -1);
        int in = turn.inputTokens();
        // the shared tokens the ids predict, at the simulator's 16-token blocks; it always recomputes the last token
        long predicted = Math.min((long) hit[0] * 512, in) / SIM_BLOCK * SIM_BLOCK;
        predicted = Math.min(predicted, (long) (in - 1) / SIM_BLOCK * SIM_BLOCK);
        assertThat(r.cachedTokens()).as("%s cached tokens (hash ids %s hit of %s)", tree.traceId(), hit[0], hit[1])
            .isEqualTo((int) predicted);
        exactHits += hit[0] > 0 ? 1 : 0;
      }
      assertThat(exactHits).as("requests that reuse a prefix").isGreaterThan(1500);
      JsonNode theoretical = run.context().exportExtras().path("theoretical_prefix_cache_hit");
      assertThat(theoretical.path("avg").asDouble()).as(Json.write(theoretical)).isBetween(60.0, 70.0);
    }
  }
}
