package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

class ServerMetricsTest {
  @Test
  void flattensEverySeriesWithItsStatisticsAndKeepsTheDerivedNumbers() {
    JsonNode file = Json.parse("""
        {"schema_version": "1.0",
         "metrics": {
           "vllm:prompt_tokens": {"type": "counter", "unit": "tokens",
             "series": [{"endpoint_url": "http://h:8000/metrics", "labels": {"model_name": "m", "engine": "0"},
                         "stats": {"total": 2000.0, "rate": 66.6}}]},
           "vllm:kv_cache_usage_perc": {"type": "gauge",
             "series": [{"endpoint_url": "http://h:8000/metrics", "labels": {}, "stats": {"avg": 0.5, "p99": 0.9, "note": "x"}},
                        {"endpoint_url": "http://h:8001/metrics", "labels": {}, "stats": {"avg": 0.25}}]}},
         "derived": {"prefix_cache_hit_rate": {"gpu": 0.8}}}
        """);

    JsonNode sm = ServerMetrics.of(file);

    assertThat(sm.path("series_total").asInt()).isEqualTo(3);
    JsonNode first = sm.path("rows").get(0);
    assertThat(first.path("name").asString()).isEqualTo("vllm:prompt_tokens");
    assertThat(first.path("labels").asString()).isEqualTo("model_name=m, engine=0");
    assertThat(first.path("stats").toString()).isEqualTo("{\"total\":2000.0,\"rate\":66.6}");
    assertThat(sm.path("rows").get(1).path("stats").has("note")).isFalse(); // numbers only
    assertThat(sm.path("rows").get(2).path("endpoint").asString()).isEqualTo("http://h:8001/metrics");
    assertThat(sm.path("derived").path("prefix_cache_hit_rate").path("gpu").asDouble()).isEqualTo(0.8);
  }
}
