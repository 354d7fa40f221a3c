package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.settings.Settings;

class ErrorRateTest {
  private static Summary summary(int ok, Object... kindsAndCounts) {
    PhaseMetrics m = new PhaseMetrics("profiling", Goodput.parse(List.of()));
    long t = 1_000_000_000L;
    for (int i = 0; i < ok; i++) {
      var r = Records.ok(Phase.PROFILING, "ok" + i, t, new long[] {10, 20}, 30, 5, 2, null);
      m.add(r, RecordMetrics.of(r));
    }
    for (int k = 0; k < kindsAndCounts.length; k += 2) {
      for (int i = 0; i < (int) kindsAndCounts[k + 1]; i++) {
        var r = Records.failed("f" + k + "-" + i, t, 5, (ErrorKind) kindsAndCounts[k], 0, "x");
        m.add(r, RecordMetrics.of(r));
      }
    }
    return m.summary();
  }

  @Test
  void failedShareAgainstTheThresholdWithCountsByKind() {
    ErrorRate e = ErrorRate.of(List.of(summary(400, ErrorKind.SERVER_ERROR, 800, ErrorKind.CONNECTION_RESET, 300)), 0.1, false);
    assertThat(e.requests()).isEqualTo(1500);
    assertThat(e.failed()).isEqualTo(1100);
    assertThat(e.passed()).isFalse();
    assertThat(e.message()).isEqualTo("error rate 73.3 %: 1100 of 1500 profiling requests failed (server_error 800, "
        + "connection_reset 300), exceeds infermark.failed-request-threshold=10 %; the SLO checks describe only the 400 "
        + "requests that succeeded");
  }

  @Test
  void atTheThresholdPasses() {
    ErrorRate e = ErrorRate.of(List.of(summary(9, ErrorKind.TIMEOUT, 1)), 0.1, false);
    assertThat(e.passed()).isTrue();
    assertThat(e.message()).startsWith("error rate 10 %: 1 of 10 profiling requests failed (timeout 1), within");
  }

  @Test
  void requestsTheRunCancelledAreLeftOutOnlyWhenTheRunWasCancelled() {
    Summary s = summary(10, ErrorKind.CANCELLED, 30);
    assertThat(ErrorRate.of(List.of(s), 0.1, true)).satisfies(e -> {
      assertThat(e.passed()).isTrue();
      assertThat(e.leftOut()).isEqualTo(30);
      assertThat(e.message()).contains("30 requests cancelled by the run are not counted");
    });
    // a run that ended on its own and cut requests off (a hung server) counts them
    assertThat(ErrorRate.of(List.of(s), 0.1, false).passed()).isFalse();
  }

  @Test
  void clientSideFailuresCountAndAreNamedAsTheClients() {
    ErrorRate e = ErrorRate.of(List.of(summary(5, ErrorKind.CLIENT_SIDE, 5)), 0.1, false);
    assertThat(e.failed()).isEqualTo(5);
    assertThat(e.message()).contains("client_side 5").contains("5 failed inside infermark's client, not at the server");
  }

  @Test
  void trialsAddUpAndMissingSummariesAreSkipped() {
    ErrorRate e = ErrorRate.of(Arrays.asList(summary(10), null, summary(8, ErrorKind.SERVER_ERROR, 2)), 0.05, false);
    assertThat(e.requests()).isEqualTo(20);
    assertThat(e.fraction()).isEqualTo(0.1);
  }

  @Test
  void nothingRecordedIsNotMeasured() {
    ErrorRate e = ErrorRate.of(Arrays.asList((Summary) null), 0.1, false);
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
