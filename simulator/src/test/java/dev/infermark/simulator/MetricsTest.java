package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.MetricType;
import dev.infermark.prometheus.PromFormatException;
import dev.infermark.prometheus.PromParser;

/** {@code /metrics} is valid Prometheus text (checked by the framework's strict parser) and counts what happened. */
class MetricsTest {
  /** One sample: its name, its labels as text, its value. */
  record Sample(String name, String labels, double value) {}

  /**
   * The samples of a {@code /metrics} text by series, read by {@link PromParser} (strict: names,
   * escapes, one block per family, cumulative buckets ending in +Inf equal to _count), with every
   * family typed and documented.
   */
  static Map<String, Sample> parse(String text) throws PromFormatException {
    assertThat(text).endsWith("\n");
    Map<String, Sample> series = new LinkedHashMap<>();
    for (MetricFamily f : PromParser.parse(text, "/metrics")) {
      assertThat(f.type()).as("TYPE of " + f.name()).isNotEqualTo(MetricType.UNTYPED);
      assertThat(f.help()).as("HELP of " + f.name()).isNotEmpty();
      for (dev.infermark.prometheus.Sample s : f.samples()) {
        StringBuilder l = new StringBuilder();
        s.labels().forEach((k, v) -> l.append(l.isEmpty() ? "" : ",").append(k).append("=\"").append(v).append('"'));
        series.put(s.name() + "{" + l + "}", new Sample(s.name(), l.toString(), s.value()));
      }
    }
    return series;
  }

  private static double value(Map<String, Sample> series, String name) {
    return series.values().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().value();
  }

  @Test
  void metricsParseAsPrometheusTextAndCountTheTraffic() throws Exception {
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().timeScale(0.2).build());
        TestClient c = new TestClient(sim.baseUri())) {
      parse(sim.metricsText());
      for (int i = 0; i < 3; i++) {
        c.post("/v1/chat/completions", TestClient.chat(TestClient.words(30, "m"), 10, true, true), "m-" + i);
      }
      var r = c.get("/metrics");
      assertThat(r.status()).isEqualTo(200);
      Map<String, Sample> series = parse(r.body());
      assertThat(value(series, "vllm:generation_tokens_total")).isEqualTo(30);
      assertThat(value(series, "vllm:prompt_tokens_total")).isEqualTo(3 * 38);
      assertThat(value(series, "vllm:time_to_first_token_seconds_count")).isEqualTo(3);
      assertThat(value(series, "vllm:inter_token_latency_seconds_count")).isEqualTo(27);
      assertThat(value(series, "vllm:e2e_request_latency_seconds_count")).isEqualTo(3);
      assertThat(value(series, "infermark_sim_send_lag_seconds_count")).isEqualTo(30);
      assertThat(value(series, "vllm:request_generation_tokens_sum")).isEqualTo(30);
      assertThat(value(series, "vllm:request_prompt_tokens_sum")).isEqualTo(3 * 38);
      assertThat(value(series, "vllm:time_per_output_token_seconds_count")).isEqualTo(3);
      assertThat(value(series, "vllm:request_decode_time_seconds_count")).isEqualTo(3);
      // a 10-token stream decodes for 9 steps of at least 2.06 ms x 0.2 (time scale) each
      assertThat(value(series, "vllm:request_decode_time_seconds_sum")).isGreaterThan(3 * 9 * 0.000412 * 0.99);
      assertThat(value(series, "vllm:num_requests_running")).isZero();
      assertThat(value(series, "vllm:prefix_cache_queries_total")).isEqualTo(3 * 38);
      // the 2nd and 3rd requests repeat the first's prompt: 2 full blocks of 16 each hit (37 tokens may be reused)
      assertThat(value(series, "vllm:prefix_cache_hits_total")).isEqualTo(64);
      assertThat(series).containsKey("vllm:request_success_total{engine=\"0\",model_name=\"infermark-sim\","
          + "finished_reason=\"length\"}");
      assertThat(series.get("vllm:prompt_tokens_by_source_total{engine=\"0\",model_name=\"infermark-sim\","
          + "source=\"local_cache_hit\"}").value()).isEqualTo(64);
      assertThat(series.get("vllm:prompt_tokens_by_source_total{engine=\"0\",model_name=\"infermark-sim\","
          + "source=\"local_compute\"}").value()).isEqualTo(3 * 38 - 64);
    }
  }

  @Test
  void theCheckRejectsBrokenOrUndocumentedText() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# HELP a x\n# TYPE a counter\nb 1\n"))
        .isInstanceOf(AssertionError.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# HELP a x\n# TYPE a gauge\na{x=\"1} 1\n"))
        .isInstanceOf(PromFormatException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# HELP a x\n# TYPE a gauge\na 1\na 2\n"))
        .isInstanceOf(PromFormatException.class);
  }
}
