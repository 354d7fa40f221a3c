package dev.infermark.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The strict Prometheus text reader, on hand-written expositions in each backend's documented names and on broken text. */
class PromParserTest {

  private static MetricFamily family(List<MetricFamily> fs, String name) {
    return fs.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"vllm.txt", "sglang.txt", "llamacpp.txt", "trtllm.txt", "dynamo.txt"})
  void realExpositionsParseAndEveryFamilyIsTyped(String file) throws Exception {
    List<MetricFamily> fs = PromParser.parse(Expositions.resource(file), file);
    assertThat(fs).isNotEmpty().allSatisfy(f -> {
      assertThat(f.type()).isNotEqualTo(MetricType.UNTYPED);
      assertThat(f.help()).isNotEmpty();
    });
  }

  @Test
  void vllmFamiliesKeepTypesLabelsAndAIPerfsExportNames() throws Exception {
    List<MetricFamily> fs = PromParser.parse(Expositions.resource("vllm.txt"), "vllm");
    MetricFamily hits = family(fs, "vllm:prefix_cache_hits_total");
    assertThat(hits.type()).isEqualTo(MetricType.COUNTER);
    assertThat(hits.exportName()).isEqualTo("vllm:prefix_cache_hits");
    assertThat(hits.samples().get(0).value()).isEqualTo(40960.0);
    assertThat(hits.samples().get(0).labels()).containsEntry("model_name", "Qwen/Qwen3-0.6B").containsEntry("engine", "0");
    assertThat(family(fs, "vllm:kv_cache_usage_perc").exportName()).isEqualTo("vllm:kv_cache_usage_perc");
    MetricFamily ttft = family(fs, "vllm:time_to_first_token_seconds");
    assertThat(ttft.type()).isEqualTo(MetricType.HISTOGRAM);
    assertThat(ttft.samples()).hasSize(9);
    assertThat(ttft.samples().get(6).labels()).containsEntry("le", "+Inf");
    assertThat(family(fs, "vllm:request_success_total").samples()).hasSize(3);
    assertThat(family(fs, "vllm:prefix_cache_queries_created").type()).isEqualTo(MetricType.GAUGE);
  }

  @Test
  void llamaCppCountersAndGauges() throws Exception {
    List<MetricFamily> fs = PromParser.parse(Expositions.resource("llamacpp.txt"), "llama.cpp");
    assertThat(family(fs, "llamacpp:prompt_tokens_total").exportName()).isEqualTo("llamacpp:prompt_tokens");
    assertThat(family(fs, "llamacpp:prompt_tokens_total").samples().get(0).labels()).isEmpty();
    assertThat(family(fs, "llamacpp:requests_processing").samples().get(0).value()).isEqualTo(2.0);
    assertThat(family(fs, "llamacpp:requests_deferred").samples().get(0).value()).isEqualTo(1.0);
  }

  @Test
  void escapesSpecialValuesTimestampsSummariesAndUntypedSamples() throws Exception {
    String text = """
        # A plain comment.
        # HELP esc Help with \\\\ a backslash\\nand a newline.
        # TYPE esc gauge
        esc{path="C:\\\\dir",quote="say \\"hi\\"",nl="a\\nb",} 1 1700000000000
        esc{path="other"}   NaN
          esc{path="inf"} +Inf
        esc{path="minf"} -Inf
        esc{path="exp"} 1.5e-3 -12
        # TYPE rpc_seconds summary
        rpc_seconds{quantile="0.5"} 0.2
        rpc_seconds{quantile="0.99"} 0.9
        rpc_seconds_sum 12.5
        rpc_seconds_count 40
        loose_metric{a="1"} 3
        loose_metric{a="2"} 4
        """;
    List<MetricFamily> fs = PromParser.parse(text, "t");
    MetricFamily esc = family(fs, "esc");
    assertThat(esc.help()).isEqualTo("Help with \\ a backslash\nand a newline.");
    Sample first = esc.samples().get(0);
    assertThat(first.labels()).containsExactly(Map.entry("path", "C:\\dir"), Map.entry("quote", "say \"hi\""),
        Map.entry("nl", "a\nb"));
    assertThat(first.timestampMs()).isEqualTo(1700000000000L);
    assertThat(esc.samples().get(1).value()).isNaN();
    assertThat(esc.samples().get(2).value()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(esc.samples().get(3).value()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(esc.samples().get(4).value()).isEqualTo(0.0015);
    assertThat(esc.samples().get(4).timestampMs()).isEqualTo(-12L);
    MetricFamily summary = family(fs, "rpc_seconds");
    assertThat(summary.type()).isEqualTo(MetricType.SUMMARY);
    assertThat(summary.samples()).hasSize(4);
    MetricFamily loose = family(fs, "loose_metric");
    assertThat(loose.type()).isEqualTo(MetricType.UNTYPED);
    assertThat(loose.samples()).hasSize(2);
  }

  @Test
  void streamsFamiliesAsTheyEnd() throws Exception {
    List<String> seen = new java.util.ArrayList<>();
    PromParser.parse(new java.io.StringReader("# TYPE a gauge\na 1\n# TYPE b gauge\nb 2\n"), "t", f -> seen.add(f.name()));
    assertThat(seen).containsExactly("a", "b");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      value not a number          | # TYPE a gauge\\na 1x\\n                                | 2 | bad value '1x'
      Java-only value             | a Infinity\\n                                             | 1 | bad value 'Infinity'
      missing value               | a{x="1"}\\n                                               | 1 | expected a blank and a value
      unclosed label value        | # TYPE a gauge\\na{x="1} 1\\n                            | 2 | value not closed
      unclosed labels             | a{x="1" 1\\n                                             | 1 | expected , or }
      unquoted label value        | a{x=1} 1\\n                                               | 1 | must be quoted
      bad escape                  | a{x="\\\\t"} 1\\n                                         | 1 | unknown escape
      repeated label              | a{x="1",x="2"} 1\\n                                       | 1 | repeated label x
      bad label name              | a{1x="1"} 1\\n                                            | 1 | bad label name
      repeated series             | # TYPE a gauge\\na 1\\na 2\\n                            | 3 | repeated series
      trailing garbage            | a 1 17 extra\\n                                          | 1 | integer timestamp
      float timestamp             | a 1 1.5\\n                                                | 1 | integer timestamp
      unknown type                | # TYPE a countr\\n                                        | 1 | unknown type 'countr'
      second TYPE                 | # TYPE a gauge\\n# TYPE a gauge\\n                       | 2 | second # TYPE
      second HELP                 | # HELP a x\\n# HELP a y\\n                               | 2 | second # HELP
      TYPE after samples          | a 1\\n# TYPE a gauge\\n                                  | 2 | after its samples
      family split in two         | # TYPE a gauge\\na 1\\n# TYPE b gauge\\nb 1\\na{x="1"} 2\\n | 5 | outside its family
      TYPE repeated later         | # TYPE a gauge\\na 1\\nb 1\\n# TYPE a gauge\\n           | 4 | appears twice
      bucket without le           | # TYPE h histogram\\nh_bucket{x="1"} 1\\n                | 2 | without an le label
      le not a number             | # TYPE h histogram\\nh_bucket{le="big"} 1\\n             | 2 | le label 'big'
      summary without quantile    | # TYPE s summary\\ns 1\\n                                | 2 | without a quantile
      stray histogram sample      | # TYPE h histogram\\nh 1\\n                              | 2 | outside its family h
      buckets not cumulative      | # TYPE h histogram\\nh_bucket{le="1"} 5\\nh_bucket{le="+Inf"} 3\\nh_count 3\\n | 4 | not cumulative
      no +Inf bucket              | # TYPE h histogram\\nh_bucket{le="1"} 5\\nh_count 5\\n | 3 | no le="+Inf" bucket
      +Inf differs from count     | # TYPE h histogram\\nh_bucket{le="+Inf"} 5\\nh_count 6\\n | 3 | differs from _count
      bad metric name             | 9a 1\\n                                                   | 1 | must start with a metric name
      """)
  void malformedTextNamesTheLine(String what, String text, int line, String reason) {
    String t = text.replace("\\n", "\n").replace("\\\\", "\\");
    assertThatThrownBy(() -> PromParser.parse(t, "http://h:1/metrics"))
        .as(what)
        .isInstanceOfSatisfying(PromFormatException.class, e -> assertThat(e.line()).isEqualTo(line))
        .hasMessageStartingWith("http://h:1/metrics line " + line + ": ")
        .hasMessageContaining(reason);
  }
}
