package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.metrics.Records;

class ConnectionWatchTest {
  private static final long S = 1_000_000_000L;
  /** Records.* put a record sent at startNs on the wall clock at 1_700_000_000 s + startNs. */
  private static final Instant RUN_START = Instant.ofEpochSecond(1_700_000_000L);

  private static RequestRecord refused(long atNs) {
    return Records.failed("f" + atNs, atNs, 1, ErrorKind.CONNECTION_REFUSED, 0, "Connection refused");
  }

  private static RequestRecord ok(long atNs) {
    return Records.ok(Phase.PROFILING, "ok" + atNs, atNs, new long[] {10}, 20, 5, 1, null);
  }

  private static ConnectionWatch watch(int limit, List<RequestRecord> into, List<String> fired) {
    ConnectionWatch w = new ConnectionWatch(into::add, limit, RUN_START);
    w.onLimit(fired::add);
    w.end(); // no sender waits here: the pauses are the run's, not this test's
    return w;
  }

  @Test
  void theLimitCountsFailuresInARowAndAnyAnswerStartsItAgain() {
    List<RequestRecord> seen = new ArrayList<>();
    List<String> fired = new ArrayList<>();
    ConnectionWatch w = watch(3, seen, fired);
    w.accept(refused(1 * S));
    w.accept(refused(2 * S));
    w.accept(Records.failed("e", 3 * S, 1, ErrorKind.SERVER_ERROR, 503, "restarting")); // it answered
    w.accept(refused(4 * S));
    w.accept(refused(5 * S));
    assertThat(fired).isEmpty(); // 4 failures in all, at most 2 in a row
    w.accept(refused(6 * S));
    assertThat(fired).singleElement().asString().startsWith("3 requests in a row failed to connect or lost their "
        + "connection (infermark.connection-failure-limit=3), the last: connection_refused: Connection refused");
    assertThat(seen).hasSize(6);
    assertThat(w.records()).isEqualTo(6);
  }

  @Test
  void eachOutageIsToldWithWhenItBeganAndEndedAndHowManyRequestsItCost() {
    ConnectionWatch w = watch(0, new ArrayList<>(), new ArrayList<>());
    assertThat(w.outages()).isNull();
    w.accept(ok(1 * S));
    w.accept(refused(12 * S + 300_000_000L));
    w.accept(Records.failed("r", 15 * S, 1, ErrorKind.CONNECTION_RESET, 0, "reset"));
    w.accept(ok(11 * S)); // sent before the outage began: it says nothing of the server now
    w.accept(refused(22 * S + 400_000_000L));
    w.accept(ok(22 * S + 900_000_000L));
    w.accept(refused(40 * S));
    assertThat(w.outages()).isEqualTo("the server could not be reached 2 times: from 12.3 s to 22.4 s into the run "
        + "(22:13:32.3 to 22:13:42.4 UTC), 3 requests failed (connection_refused 2, connection_reset 1), and a request "
        + "sent at 22.9 s got an answer; from 40.0 s to 40.0 s into the run (22:14:00.0 to 22:14:00.0 UTC), 1 request "
        + "failed (connection_refused 1), and it did not answer again before the run ended");
  }
}
