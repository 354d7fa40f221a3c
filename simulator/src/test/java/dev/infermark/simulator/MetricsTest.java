package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** {@code /metrics} is valid Prometheus text (checked by a strict parser) and counts what happened. */
class MetricsTest {
  /** One sample: its name, its labels as text, its value. */
  record Sample(String name, String labels, double value) {}

  private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern SAMPLE = Pattern.compile(
      "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{((?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\",?)*)\\})? "
          + "(NaN|[+-]Inf|[+-]?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)");

  /**
   * A strict reader of the text format 0.0.4: every sample belongs to the family declared by the
   * TYPE line before it (histograms: _bucket/_sum/_count), HELP and TYPE at most once per family,
   * no duplicate series, histogram buckets cumulative and ending in +Inf equal to _count.
   */
  static Map<String, Sample> parse(String text) {
    Map<String, String> types = new HashMap<>();
    Map<String, Sample> series = new LinkedHashMap<>();
    java.util.Set<String> helps = new java.util.HashSet<>();
    String family = null;
    int lineNo = 0;
    assertThat(text).endsWith("\n");
    for (String line : text.split("\n", -1)) {
      lineNo++;
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("# HELP ")) {
        String[] p = line.split(" ", 4);
        if (p.length < 4 || !NAME.matcher(p[2]).matches() || !helps.add(p[2])) {
          fail("line " + lineNo + ": bad or repeated HELP: " + line);
        }
        continue;
      }
      if (line.startsWith("# TYPE ")) {
        String[] p = line.split(" ");
        if (p.length != 4 || !NAME.matcher(p[2]).matches() || types.containsKey(p[2])
            || !java.util.List.of("counter", "gauge", "histogram", "summary", "untyped").contains(p[3])) {
          fail("line " + lineNo + ": bad or repeated TYPE: " + line);
        }
        types.put(p[2], p[3]);
        family = p[2];
        continue;
      }
      if (line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        fail("line " + lineNo + ": not a sample: " + line);
      }
      String name = m.group(1);
      String type = family == null ? null : types.get(family);
      boolean belongs = name.equals(family) || "histogram".equals(type)
          && (name.equals(family + "_bucket") || name.equals(family + "_sum") || name.equals(family + "_count"));
      if (!belongs) {
        fail("line " + lineNo + ": sample " + name + " outside its family (current " + family + ")");
      }
      String labels = m.group(3) == null ? "" : m.group(3);
      String key = name + "{" + labels + "}";
      if (series.put(key, new Sample(name, labels, Double.parseDouble(m.group(4).replace("Inf", "Infinity")))) != null) {
        fail("line " + lineNo + ": duplicate series " + key);
      }
    }
    // histogram buckets: cumulative, +Inf present and equal to _count
    for (Map.Entry<String, String> t : types.entrySet()) {
      if (!t.getValue().equals("histogram")) {
        continue;
      }
      double prev = -1;
      Double inf = null;
      for (Sample s : series.values()) {
        if (s.name().equals(t.getKey() + "_bucket")) {
          assertThat(s.value()).as("cumulative buckets of " + t.getKey()).isGreaterThanOrEqualTo(prev);
          prev = s.value();
          if (s.labels().contains("le=\"+Inf\"")) {
            inf = s.value();
          }
        }
      }
      assertThat(inf).as("+Inf bucket of " + t.getKey()).isNotNull();
      double count = series.values().stream().filter(s -> s.name().equals(t.getKey() + "_count")).findFirst()
          .orElseThrow().value();
      assertThat(inf).isEqualTo(count);
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
    }
  }

  @Test
  void theStrictParserRejectsBrokenText() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# TYPE a counter\nb 1\n")).isInstanceOf(AssertionError.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# TYPE a gauge\na{x=\"1} 1\n"))
        .isInstanceOf(AssertionError.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("# TYPE a gauge\na 1\na 2\n"))
        .isInstanceOf(AssertionError.class);
  }
}
