package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Records;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

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

  /** The reference records: 3 successes (last ITL end at 1.7 s), 2 failures, one a context overflow. */
  private static ProfileMeter meter() {
    ProfileMeter m = new ProfileMeter();
    for (RequestRecord r : Records.reference()) {
      m.accept(r);
    }
    return m;
  }

  @Test
  void anAssessmentCountsRecordedAndSkippedOverflowsAndChecksCoverageOnlyWhenItApplies() {
    Settings long1000 = Settings.of(Map.of("benchmark-duration", "1000s"));
    SubmissionRules.Assessment a = SubmissionRules.Assessment.of(meter(), 2, false, 1_000_000_000L, long1000);
    assertThat(a.overflows()).isEqualTo(3); // one recorded, two skipped
    assertThat(a.overflowExceeded()).isTrue(); // 3 of 3 + 2 + 2
    assertThat(a.coverage()).isNotNull();
    assertThat(a.coverage().expectedSeconds()).isEqualTo(1000);
    assertThat(a.coverage().pass()).isFalse();
    SubmissionVerdict v = new SubmissionVerdict();
    a.apply(v);
    assertThat(v.reasons()).containsExactly("context_overflow_rate_exceeded", "insufficient_profile_metric_coverage");

    ObjectNode extras = Json.object();
    a.exportCounts(extras);
    a.exportCoverage(extras.withObjectProperty("metadata"));
    assertThat(extras.toString()).isEqualTo("{\"context_overflow_count\":{\"unit\":\"requests\",\"avg\":3},"
        + "\"skipped_context_overflow_count\":{\"unit\":\"requests\",\"avg\":2},\"metadata\":{\"metric_duration_coverage\":"
        + "[{\"phase_name\":\"profiling\",\"expected_duration_seconds\":1000.0,\"required_ratio\":0.95,\"ttft_ratio\":"
        + a.coverage().ttftRatio() + ",\"inter_token_latency_ratio\":" + a.coverage().itlRatio() + "}]}}");

    // No coverage under the minimum window, on a cancelled run, or without a phase start.
    assertThat(SubmissionRules.Assessment.of(meter(), 0, false, 1_000_000_000L, Settings.of(Map.of("benchmark-duration",
        "899s"))).coverage()).isNull();
    SubmissionRules.Assessment cancelled = SubmissionRules.Assessment.of(meter(), 0, true, 1_000_000_000L, long1000);
    assertThat(cancelled.coverage()).isNull();
    SubmissionVerdict c = new SubmissionVerdict();
    cancelled.apply(c);
    assertThat(c.reasons()).containsExactly("context_overflow_rate_exceeded", "run_cancelled");
    assertThat(SubmissionRules.Assessment.of(meter(), 0, false, -1, long1000).coverage()).isNull();
    SubmissionRules.Assessment none = SubmissionRules.Assessment.of(new ProfileMeter(), 0, false, -1, long1000);
    assertThat(none.overflowExceeded()).isFalse();
    ObjectNode empty = Json.object();
    none.exportCoverage(empty);
    assertThat(empty.isEmpty()).isTrue();
  }
}
