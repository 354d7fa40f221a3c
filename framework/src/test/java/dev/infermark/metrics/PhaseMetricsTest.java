package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;

/** The reference record set against values computed by hand and checked with numpy. */
class PhaseMetricsTest {
  private static Summary summary(Goodput g) {
    PhaseMetrics p = new PhaseMetrics("profiling", g);
    for (RequestRecord r : Records.reference()) {
      p.add(r, RecordMetrics.of(r));
    }
    return p.summary();
  }

  @Test
  void perRecordDistributionsMatchAiperf() {
    Summary s = summary(Goodput.NONE);
    Stats ttft = s.stats("time_to_first_token").orElseThrow();
    assertThat(ttft.avg()).isEqualTo(200.0);
    assertThat(ttft.p99()).isEqualTo(298.0);
    assertThat(ttft.std()).isEqualTo(81.6496580927726);
    Stats ttst = s.stats("time_to_second_token").orElseThrow();
    assertThat(new double[] {ttst.min(), ttst.p50(), ttst.max()}).containsExactly(50.0, 60.0, 100.0);
    Stats itl = s.stats("inter_token_latency").orElseThrow();
    assertThat(itl.avg()).isEqualTo(68.88888888888889);
    assertThat(itl.std()).isEqualTo(24.545246704860578);
    assertThat(itl.p50()).isEqualTo(66.66666666666666);
    assertThat(itl.p90()).isEqualTo(93.33333333333333);
    assertThat(itl.p1()).isEqualTo(40.53333333333334);
    Stats perUser = s.stats("output_token_throughput_per_user").orElseThrow();
    assertThat(perUser.avg()).isEqualTo(16.666666666666668);
    assertThat(perUser.p99()).isEqualTo(24.8);
    Stats lat = s.stats("request_latency").orElseThrow();
    assertThat(new double[] {lat.avg(), lat.p25(), lat.p95()}).containsExactly(400.0, 350.0, 490.0);
    Stats osl = s.stats("output_sequence_length").orElseThrow();
    assertThat(osl.avg()).isEqualTo(4.333333333333333);
    assertThat(osl.p99()).isEqualTo(5.96);
    Stats e2e = s.stats("e2e_output_token_throughput").orElseThrow();
    assertThat(e2e.avg()).isEqualTo(10.944444444444445);
    assertThat(s.stats("input_sequence_length").orElseThrow().sum()).isEqualTo(600.0);
    assertThat(s.stats("reasoning_token_count").orElseThrow().count()).isEqualTo(1);
    // nobody reported cached tokens: absent, not 0
    assertThat(s.find("usage_prompt_cache_read_tokens")).isEmpty();
  }

  @Test
  void interChunkLatencyFromHdrHistogramStatesItsPrecision() {
    Summary s = summary(Goodput.NONE);
    MetricValue.Distribution icl = (MetricValue.Distribution) s.find("inter_chunk_latency").orElseThrow();
    assertThat(icl.precision()).isEqualTo(PhaseMetrics.HDR_PRECISION);
    // intervals 50,50,60,100,50,50 ms: avg/min/max exact, percentiles within 0.1 %
    assertThat(icl.stats().count()).isEqualTo(6);
    assertThat(icl.stats().avg()).isEqualTo(60.0);
    assertThat(icl.stats().min()).isEqualTo(50.0);
    assertThat(icl.stats().max()).isEqualTo(100.0);
    assertThat(icl.stats().p50()).isCloseTo(50.0, within(0.05));
    assertThat(icl.stats().p99()).isCloseTo(100.0, within(0.1));
  }

  @Test
  void scalarsErrorsAndGoodput() {
    Summary s = summary(Goodput.parse(List.of("time_to_first_token:250", "inter_token_latency:70")));
    assertThat(s.value("request_count")).contains(3.0);
    assertThat(s.value("error_request_count")).contains(2.0);
    assertThat(s.value("context_overflow_count")).contains(1.0);
    assertThat(s.value("benchmark_duration")).contains(0.7);
    assertThat(s.value("request_throughput")).contains(3 / 0.7);
    assertThat(s.value("output_token_throughput")).contains(13 / 0.7);
    assertThat(s.value("total_osl")).contains(13.0);
    assertThat(s.value("total_output_tokens")).contains(12.0);
    assertThat(s.value("total_isl")).contains(600.0);
    assertThat(s.value("total_reasoning_tokens")).contains(1.0);
    // only r1 has TTFT <= 250 ms and ITL <= 70 ms
    assertThat(s.value("good_request_count")).contains(1.0);
    assertThat(s.value("goodput")).contains(1 / 0.7);
    assertThat(s.value("good_request_fraction")).contains(1 / 5.0); // of every completed request, the failed included
    assertThat(s.errors()).hasSize(2);
    assertThat(s.errors()).extracting(ErrorCount::kind).containsExactlyInAnyOrder(ErrorKind.RATE_LIMITED, ErrorKind.CONTEXT_OVERFLOW);
    assertThat(s.errorCount()).isEqualTo(2);
  }

  @Test
  void goodputWithLargerIsBetterMetric() {
    Summary s = summary(Goodput.parse(List.of("output_token_throughput_per_user:12 time_to_first_token:1000")));
    // per-user 15, 10, 25 tokens/s: two meet >= 12
    assertThat(s.value("good_request_count")).contains(2.0);
  }

  @Test
  void goodputMayBoundTheLatenciesMeasuredFromTheIntendedInstant() {
    // both answer in 100 ms; the second waited 400 ms before it left (a cap, a late client): vLLM's queue-inclusive view
    long start = 1_000_000_000L;
    RequestRecord onTime = due(Records.ok(Phase.PROFILING, "a", start, new long[] {100}, 200, 10, 5, null), start);
    RequestRecord waited = due(Records.ok(Phase.PROFILING, "b", start, new long[] {100}, 200, 10, 5, null), start - 400 * Records.MS);
    for (String bound : new String[] {"time_to_first_token:300", "effective_time_to_first_token:300",
        "schedule_lag:100 effective_latency:1000"}) {
      PhaseMetrics p = new PhaseMetrics("profiling", Goodput.parse(List.of(bound)));
      p.add(onTime, RecordMetrics.of(onTime));
      p.add(waited, RecordMetrics.of(waited));
      assertThat(p.summary().value("good_request_count")).as(bound).contains(bound.startsWith("time") ? 2.0 : 1.0);
      assertThat(p.summary().value("good_request_fraction")).as(bound).contains(bound.startsWith("time") ? 1.0 : 0.5);
    }
  }

  private static RequestRecord due(RequestRecord r, long dueNs) {
    return new RequestRecord(r.phase(), r.requestId(), r.tags(), dueNs, r.startNs(), r.startEpochMicros(), r.ackNs(),
        r.contentChunkNs(), r.endNs(), r.inputTokens(), r.outputTokens(), r.reasoningTokens(), r.cachedTokens(), r.text(),
        r.reasoningText(), r.finishReason(), r.httpStatus(), r.error(), r.urlIndex());
  }

  @Test
  void noGoodputWithoutSlos() {
    assertThat(summary(Goodput.NONE).find("goodput")).isEmpty();
  }

  @Test
  void badGoodputNamesTheSetting() {
    assertThatThrownBy(() -> Goodput.parse(List.of("ttft:200"))).hasMessageContaining("infermark.goodput").hasMessageContaining("ttft:200");
    assertThatThrownBy(() -> Goodput.parse(List.of("time_to_first_token:fast"))).hasMessageContaining("infermark.goodput");
    assertThatThrownBy(() -> Goodput.parse(List.of("inter_chunk_latency:50"))).hasMessageContaining("infermark.goodput")
        .hasMessageContaining("a list per request");
    assertThatThrownBy(() -> Goodput.parse(List.of("time_to_first_token:200 time_to_first_token:300")))
        .hasMessageContaining("time_to_first_token is bounded twice");
  }

  @Test
  void nonStreamedResponseHasNoInterTokenLatency() {
    long start = 1_000_000_000L;
    RequestRecord whole = Records.ok(Phase.PROFILING, "w", start, new long[] {300}, 300, 10, 20, null);
    RecordMetrics m = RecordMetrics.of(whole);
    assertThat(m.ttftNs()).isEqualTo(300e6);
    assertThat(m.itlNs()).isNull();
    assertThat(m.ttstNs()).isNull();
    assertThat(m.iclNs()).isEmpty();
  }

  @Test
  void noRecordsMeansNoLatencyMetrics() {
    Summary s = new PhaseMetrics("profiling", Goodput.NONE).summary();
    assertThat(s.find("time_to_first_token")).isEmpty();
    assertThat(s.find("request_throughput")).isEmpty();
    assertThat(s.value("request_count")).contains(0.0);
  }
}
