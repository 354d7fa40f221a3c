package dev.infermark.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import dev.infermark.prometheus.PromParser;
import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.Expositions;

/**
 * Each backend's documented names read into the derived figures: a window from an empty first
 * scrape (every series starts in it) to the hand-written exposition.
 */
class BackendAdapterTest {
  static DerivedFigures derive(String file) throws Exception {
    List<MetricFamily> parsed = PromParser.parse(Expositions.resource(file), file);
    EndpointStore store = new EndpointStore("http://h/metrics");
    store.add(new Snapshot("http://h/metrics", 1_000, 1_000, 0, Map.of()), List.of(), true, null);
    store.add(new Snapshot("http://h/metrics", 3_000_000_000L, 3_000_000_000L, 0, Snapshot.families(parsed, n -> { })),
        parsed, true, null);
    return BackendAdapter.derive(WindowedMetrics.of(List.of(store), new Window(0, 4_000_000_000L, false)));
  }

  @Test
  void vllm() throws Exception {
    DerivedFigures d = derive("vllm.txt");
    assertThat(d.backends).containsExactly("vllm");
    assertThat(d.gpuHitRate).isEqualTo(40960.0 / 52011.0);
    assertThat(d.overallHitRate).isEqualTo(40960.0 / 52011.0);
    assertThat(d.externalHitRate).isNull(); // not exposed: absent, not 0
    assertThat(d.cachedPromptTokens).isEqualTo(40960.0);
    assertThat(d.kvUsagePercent.max()).isCloseTo(4.21, offset(1e-9));
    assertThat(d.running.avg()).isEqualTo(3.0);
    assertThat(d.waiting.max()).isEqualTo(1.0);
    assertThat(d.preemptions).isEqualTo(0.0);
    assertThat(d.promptTokens).isEqualTo(52011.0);
    assertThat(d.generationTokens).isEqualTo(12800.0);
    // 100 observations: p50 is rank 50, in (0.02, 0.04] which holds 55 after 40 below
    assertThat(d.ttft.count()).isEqualTo(100.0);
    assertThat(d.ttft.p50()).isCloseTo((0.02 + 0.02 * 10 / 55) * 1e3, offset(1e-9));
    assertThat(d.ttft.avg()).isCloseTo(23.1, offset(1e-9));
    assertThat(d.itl).isNull();
  }

  @Test
  void sglang() throws Exception {
    DerivedFigures d = derive("sglang.txt");
    assertThat(d.backends).containsExactly("sglang");
    assertThat(d.gpuHitRate).isEqualTo(4000.0 / 8128.0);
    assertThat(d.cpuHitRate).isEqualTo(1000.0 / 8128.0);
    assertThat(d.overallHitRate).isEqualTo(5000.0 / 8128.0);
    assertThat(d.kvUsagePercent.avg()).isCloseTo(28.0, offset(1e-9));
    assertThat(d.running.avg()).isEqualTo(7.0);
    assertThat(d.waiting.avg()).isEqualTo(2.0);
    assertThat(d.promptTokens).isEqualTo(8128.0);
    assertThat(d.generationTokens).isEqualTo(7557.0);
    assertThat(d.ttft.count()).isEqualTo(11008.0);
    assertThat(d.ttft.p99()).isEqualTo(1000.0); // in +Inf: the highest finite bound
    assertThat(d.e2e.count()).isEqualTo(2.0);
    assertThat(d.preemptions).isNull();
  }

  @Test
  void llamaCpp() throws Exception {
    DerivedFigures d = derive("llamacpp.txt");
    assertThat(d.backends).containsExactly("llamacpp");
    assertThat(d.promptTokens).isEqualTo(2048.0);
    assertThat(d.generationTokens).isEqualTo(512.0);
    assertThat(d.running.avg()).isEqualTo(2.0);
    assertThat(d.waiting.avg()).isEqualTo(1.0);
    assertThat(d.kvUsagePercent.avg()).isCloseTo(12.5, offset(1e-9));
    assertThat(d.gpuHitRate).isNull();
    assertThat(d.ttft).isNull();
  }

  @Test
  void tensorRtLlm() throws Exception {
    DerivedFigures d = derive("trtllm.txt");
    assertThat(d.backends).containsExactly("trtllm");
    assertThat(d.gpuHitRate).isEqualTo(0.75);
    assertThat(d.kvUsagePercent.avg()).isCloseTo(50.0, offset(1e-9));
    assertThat(d.running.avg()).isEqualTo(8.0);
    assertThat(d.promptTokens).isEqualTo(40960.0);
    assertThat(d.ttft.count()).isEqualTo(40.0);
    assertThat(d.itl.p50()).isCloseTo(20 / 30.0 * 10, offset(1e-9));
  }

  @Test
  void dynamo() throws Exception {
    DerivedFigures d = derive("dynamo.txt");
    assertThat(d.backends).containsExactly("dynamo");
    assertThat(d.promptTokens).isEqualTo(1_024_000.0); // the input-sequence histogram's sum
    assertThat(d.generationTokens).isEqualTo(640_000.0);
    assertThat(d.running.avg()).isEqualTo(12.0);
    assertThat(d.waiting.avg()).isEqualTo(3.0);
    assertThat(d.kvUsagePercent.avg()).isCloseTo(62.0, offset(1e-9));
    assertThat(d.ttft.count()).isEqualTo(1000.0);
  }

  @Test
  void crossChecksWarnWhenServerAndClientDisagree() throws Exception {
    DerivedFigures d = derive("vllm.txt");
    List<CrossCheck.Result> agree = CrossCheck.check(d, new ClientTotals(52011L, 12800L, 40960L, 100));
    assertThat(agree).hasSize(3).allMatch(CrossCheck.Result::ok);
    List<CrossCheck.Result> off = CrossCheck.check(d, new ClientTotals(40000L, 12800L, 0L, 100));
    assertThat(off).filteredOn(r -> !r.ok()).extracting(CrossCheck.Result::check)
        .containsExactly("prompt_tokens", "prefix_cache_hit_rate");
    assertThat(new ServerMetricsReport(List.of(), d, off).warnings()).anySatisfy(w -> assertThat(w)
        .contains("server counted 52011 input tokens").contains("the client 40000")
        // what it means and what to look at, not only a percentage
        .contains("Meaning: the server counted more: it also counts requests the client did not count as successful")
        .contains("its chat template's tokens").contains("infermark.use-server-token-count=false counts with "
            + "infermark.tokenizer").endsWith("this only says the server saw the window differently"));
    List<CrossCheck.Result> under = CrossCheck.check(d, new ClientTotals(52011L, 25600L, 40960L, 100));
    assertThat(under).filteredOn(r -> !r.ok()).singleElement().satisfies(r -> assertThat(r.message())
        .contains("the client counted more: the /metrics scraped are likely another server's or replica's")
        .contains("infermark.server-metrics"));
    assertThat(CrossCheck.check(d, ClientTotals.NONE)).isEmpty();
  }

  /** What the report draws over time is named by the adapters; each name is one of its backend's. */
  @Test
  void signalsNameOnlyTheirBackendsMetrics() {
    for (BackendAdapter a : BackendAdapter.ALL) {
      ServerSignals s = a.signals();
      List<String> names = new java.util.ArrayList<>();
      for (ServerSignals.Gauge g : new ServerSignals.Gauge[] {s.kvUsage(), s.running(), s.waiting()}) {
        assertThat(g).as(a.name()).isNotNull();
        names.addAll(g.names());
      }
      for (ServerSignals.HitRate h : s.hitRates()) {
        assertThat(h.source()).isIn("gpu", "cpu_offload", "external", "overall");
        for (ServerSignals.Way w : h.ways()) {
          switch (w) {
            case ServerSignals.Ratio r -> names.addAll(List.of(r.hits().name(), r.queries().name()));
            case ServerSignals.Level l -> names.add(l.gauge());
          }
        }
      }
      assertThat(names).as(a.name()).isNotEmpty().allMatch(n -> n.startsWith(a.prefix()));
    }
    assertThat(BackendAdapter.ALL.get(4).signals().kvUsage().scaleFor(0.9)).isEqualTo(100.0); // Dynamo: a fraction
    assertThat(BackendAdapter.ALL.get(4).signals().kvUsage().scaleFor(42)).isEqualTo(1.0); // or already percent
  }
}
