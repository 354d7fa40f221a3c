package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.settings.Settings;

class ErrorRateTest {
  /** Stands for requests the harness cut off at a grace period's end. */
  private static final Object CUT_OFF = new Object();

  private static Summary summary(int ok, Object... kindsAndCounts) {
    PhaseMetrics m = new PhaseMetrics("profiling", Goodput.parse(List.of()));
    long t = 1_000_000_000L;
    for (int i = 0; i < ok; i++) {
      var r = Records.ok(Phase.PROFILING, "ok" + i, t, new long[] {10, 20}, 30, 5, 2, null);
      m.add(r, RecordMetrics.of(r));
    }
    for (int k = 0; k < kindsAndCounts.length; k += 2) {
      for (int i = 0; i < (int) kindsAndCounts[k + 1]; i++) {
        var r = kindsAndCounts[k] == CUT_OFF
            ? Records.failed("f" + k + "-" + i, t, 5, ErrorKind.CANCELLED, 0, "x").abortedBecause(
                RequestError.cutOff("cut off at the end of the run: still in flight when benchmark-grace-period (30.0 s) ran out"))
            : Records.failed("f" + k + "-" + i, t, 5, (ErrorKind) kindsAndCounts[k], 0, "x");
        m.add(r, RecordMetrics.of(r));
      }
    }
    return m.summary();
  }

  @Test
  void failedShareAgainstTheThresholdWithCountsByKind() {
    ErrorRate e = ErrorRate.of(List.of(summary(400, ErrorKind.SERVER_ERROR, 800, ErrorKind.CONNECTION_RESET, 300)), 0.1, 0.5, false);
    assertThat(e.requests()).isEqualTo(1500);
    assertThat(e.failed()).isEqualTo(1100);
    assertThat(e.passed()).isFalse();
    assertThat(e.message()).isEqualTo("error rate 73.3 %: 1100 of 1500 profiling requests failed (server_error 800, "
        + "connection_reset 300), exceeds infermark.failed-request-threshold=10 %; the SLO checks describe only the 400 "
        + "requests that succeeded");
  }

  @Test
  void atTheThresholdPasses() {
    ErrorRate e = ErrorRate.of(List.of(summary(9, ErrorKind.TIMEOUT, 1)), 0.1, 0.5, false);
    assertThat(e.passed()).isTrue();
    assertThat(e.message()).startsWith("error rate 10 %: 1 of 10 profiling requests failed (timeout 1), within");
  }

  @Test
  void requestsTheRunCancelledAreLeftOutOnlyWhenTheRunWasCancelled() {
    Summary s = summary(10, ErrorKind.CANCELLED, 30);
    assertThat(ErrorRate.of(List.of(s), 0.1, 0.5, true)).satisfies(e -> {
      assertThat(e.passed()).isTrue();
      assertThat(e.leftOut()).isEqualTo(30);
      assertThat(e.message()).contains("30 requests cancelled by the run are not counted");
    });
    // a run that ended on its own with cancelled requests (not the harness's cut-off) counts them
    assertThat(ErrorRate.of(List.of(s), 0.1, 0.5, false).passed()).isFalse();
  }

  @Test
  void cutOffsAreNoFailuresButAreCountedApartAgainstTheirOwnThreshold() {
    // The AgentX smoke case: 46 ended on their own without an error, 11 were in flight when the grace period ran out.
    ErrorRate e = ErrorRate.of(List.of(summary(46, CUT_OFF, 11)), 0.1, 0.5, false);
    assertThat(e.requests()).isEqualTo(46);
    assertThat(e.failed()).isZero();
    assertThat(e.cutOff()).isEqualTo(11);
    assertThat(e.passed()).isTrue();
    assertThat(e.lines()).containsExactly(
        "error rate 0 %: 0 of 46 profiling requests failed, within infermark.failed-request-threshold=10 %; the 11 cut "
            + "off at the end are counted apart",
        "cut off 19.3 %: 11 of 57 profiling requests were still in flight when the run cut them off (a grace period ran "
            + "out), within infermark.cut-off-threshold=50 %");
    // Cut-offs of a cancelled run are cut-offs too: only what the cancel itself stopped is left out.
    assertThat(ErrorRate.of(List.of(summary(46, CUT_OFF, 11, ErrorKind.CANCELLED, 3)), 0.1, 0.5, true))
        .satisfies(c -> assertThat(List.of(c.cutOff(), c.leftOut(), c.failed())).containsExactly(11L, 3L, 0L));
  }

  @Test
  void aServerThatHangsRequestsIsStillCaught() {
    ErrorRate all = ErrorRate.of(List.of(summary(0, CUT_OFF, 8)), 0.1, 0.5, false);
    assertThat(all.measured()).isTrue();
    assertThat(all.passed()).isFalse();
    assertThat(all.checkMessage()).startsWith("cut off 100 %: 8 of 8 profiling requests were still in flight when the "
        + "run cut them off (a grace period ran out), exceeds infermark.cut-off-threshold=50 %; the server did not "
        + "finish them: does it hang requests?");
    ErrorRate most = ErrorRate.of(List.of(summary(4, CUT_OFF, 6)), 0.1, 0.5, false);
    assertThat(most.errorsWithin()).isTrue();
    assertThat(most.cutOffWithin()).isFalse();
    assertThat(most.passed()).isFalse();
  }

  @Test
  void clientSideFailuresCountAndAreNamedAsTheClients() {
    ErrorRate e = ErrorRate.of(List.of(summary(5, ErrorKind.CLIENT_SIDE, 5)), 0.1, 0.5, false);
    assertThat(e.failed()).isEqualTo(5);
    assertThat(e.message()).contains("client_side 5").contains("5 failed inside infermark's client, not at the server");
  }

  @Test
  void trialsAddUpAndMissingSummariesAreSkipped() {
    ErrorRate e = ErrorRate.of(Arrays.asList(summary(10), null, summary(8, ErrorKind.SERVER_ERROR, 2)), 0.05, 0.5, false);
    assertThat(e.requests()).isEqualTo(20);
    assertThat(e.fraction()).isEqualTo(0.1);
  }

  @Test
  void nothingRecordedIsNotMeasured() {
    ErrorRate e = ErrorRate.of(Arrays.asList((Summary) null), 0.1, 0.5, false);
    assertThat(e.measured()).isFalse();
    assertThat(e.passed()).isFalse();
    assertThat(e.message()).contains("not measured");
  }

  @Test
  void theThresholdMustBeAFraction() {
    assertThat(ErrorRate.threshold(Settings.empty())).isEqualTo(0.1);
    assertThatThrownBy(() -> ErrorRate.threshold(Settings.of(Map.of("failed-request-threshold", "10"))))
        .hasMessageContaining("infermark.failed-request-threshold: must be a fraction in [0, 1]");
  }
}
