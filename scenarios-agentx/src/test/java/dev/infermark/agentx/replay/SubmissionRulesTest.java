package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.lock.SubmissionVerdict;

class SubmissionRulesTest {
  @Test
  void overflowRateBoundaries() {
    // 1 of 100 (skipped) is exactly 1 %: allowed.
    assertThat(SubmissionRules.overflowRateExceeded(1, 99, 0, 1, 0.01)).isFalse();
    assertThat(SubmissionRules.overflowRateExceeded(2, 98, 0, 2, 0.01)).isTrue();
    assertThat(SubmissionRules.overflowRateExceeded(101, 9_899, 0, 101, 0.01)).isTrue();
    // Recorded overflows are inside the error count: 1 recorded of 100 total.
    assertThat(SubmissionRules.overflowRateExceeded(1, 99, 1, 0, 0.01)).isFalse();
    assertThat(SubmissionRules.overflowRateExceeded(0, 0, 0, 0, 0.01)).isFalse();
  }

  @Test
  void reasonsAreAppendedOnceAfterStaticOnes() {
    SubmissionVerdict v = new SubmissionVerdict();
    v.add(SubmissionVerdict.UNSAFE_OVERRIDE);
    SubmissionRules.apply(v, true, true, null);
    SubmissionRules.apply(v, false, true, null);
    assertThat(v.reasons()).containsExactly("unsafe_override", "context_overflow_rate_exceeded", "run_cancelled");
    assertThat(v.valid()).isFalse();
  }

  @Test
  void coverageGate() {
    long t0 = 1_000_000_000L;
    SubmissionRules.Coverage full = SubmissionRules.Coverage.of(t0 + 960_000_000_000L, Long.MIN_VALUE, t0, 1000, 0.95);
    assertThat(full.ttftRatio()).isEqualTo(0.96);
    assertThat(full.itlRatio()).isZero();
    assertThat(full.pass()).isTrue();
    SubmissionRules.Coverage stalled = SubmissionRules.Coverage.of(t0 + 500_000_000_000L, t0 + 940_000_000_000L, t0,
        1000, 0.95);
    assertThat(stalled.pass()).isFalse();
    SubmissionVerdict v = new SubmissionVerdict();
    SubmissionRules.apply(v, false, false, stalled);
    assertThat(v.reasons()).containsExactly("insufficient_profile_metric_coverage");
    SubmissionVerdict ok = new SubmissionVerdict();
    SubmissionRules.apply(ok, false, false, full);
    assertThat(ok.valid()).isTrue();
  }
}
