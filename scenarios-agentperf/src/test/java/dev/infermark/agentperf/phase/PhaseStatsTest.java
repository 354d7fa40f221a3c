package dev.infermark.agentperf.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

class PhaseStatsTest {
  static RequestRecord rec(long startMs, long ttftMs, long endMs, Integer osl) {
    long ms = 1_000_000;
    return new RequestRecord(Phase.PROFILING, "r", RequestTags.of("c", "c", 0), -1, startMs * ms, 0, startMs * ms,
        new long[] {(startMs + ttftMs) * ms}, endMs * ms, 10, osl, null, null, null, null, "stop", 200, null);
  }

  @Test
  void percentilesInterpolateLinearlyLikeNumpy() {
    double[] v = {1, 2, 3, 4};
    // numpy.percentile([1,2,3,4], [25, 50, 95]) == [1.75, 2.5, 3.85]
    assertThat(Percentiles.of(v, 25)).isEqualTo(1.75);
    assertThat(Percentiles.of(v, 50)).isEqualTo(2.5);
    assertThat(Percentiles.of(v, 95)).isCloseTo(3.85, offset(1e-12));
    assertThat(Percentiles.of(new double[] {7}, 25)).isEqualTo(7);
    assertThat(Percentiles.of(new double[0], 25)).isNaN();
  }

  @Test
  void perRequestSpeedsAndPhaseStatistics() {
    // 101 tokens: 1 s TTFT then 100 tokens in 1 s -> output speed 100 tok/s, E2E 101/2 s.
    RequestRecord a = rec(0, 1000, 2000, 101);
    // 11 tokens: 0.5 s TTFT then 10 tokens in 0.5 s -> 20 tok/s, E2E 11 tok/s.
    RequestRecord b = rec(1000, 500, 2000, 11);
    // One output token: TTFT counts, no output speed.
    RequestRecord c = rec(1500, 200, 1700, 1);
    RequestRecord failed = new RequestRecord(Phase.PROFILING, "f", RequestTags.of("c", "c", 1), -1, 0, 0, -1, new long[0],
        3_000_000_000L, null, null, null, null, null, null, null, 500, new RequestError(ErrorKind.SERVER_ERROR, 500, "x", "y", null));
    PhaseStats s = PhaseStats.of(List.of(a, b, c, failed));

    assertThat(s.requests()).isEqualTo(4);
    assertThat(s.errors()).isEqualTo(1);
    assertThat(s.errorRate()).isEqualTo(0.25);
    assertThat(s.outputSpeed()).containsExactly(20, 100);
    assertThat(s.e2eSpeed()).containsExactly(5, 11, 50.5);
    assertThat(s.ttftMs()).containsExactly(200, 500, 1000);
    assertThat(s.p25OutputSpeed()).isEqualTo(40);
    assertThat(s.p95TtftMs()).isCloseTo(950, offset(1e-9));
    assertThat(s.stat("time_to_first_token", "p50")).hasValue(500);
    assertThat(s.stat("output_token_throughput_per_user", "min")).hasValue(20);
    assertThat(s.stat("e2e_output_token_throughput", "max")).hasValue(50.5); // AIPerf's name of e2e_speed
    // 113 tokens over 0..3 s (the failed request spans the window too).
    assertThat(s.outputThroughput()).isCloseTo(113 / 3.0, offset(1e-9));
    assertThatThrownBy(() -> s.stat("itl", "p50")).hasMessageContaining("unknown AgentPerf phase metric 'itl'");
  }

  @Test
  void nothingMeasuredIsAbsent() {
    PhaseStats s = PhaseStats.of(List.of());
    assertThat(s.p25OutputSpeed()).isNaN();
    assertThat(s.outputThroughput()).isNaN();
    assertThat(s.stat("output_speed", "p25")).isEmpty();
    assertThat(s.stat("output_token_throughput", "value")).isEmpty();
  }
}
