package dev.infermark.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

class ClientSelfCheckTest {
  @Test
  void measuresLagAndCpu() {
    ClientSelfCheck c = ClientSelfCheck.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    // poll (bounded) until the ticker has run a few times; its ticks are what is measured
    while (c.ticks() < 5 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
    }
    SelfCheckResult r = c.stop(1000, null);
    assertThat(r.schedulerLagP50Ms()).isNotNull().isGreaterThanOrEqualTo(0.0);
    assertThat(r.schedulerLagP99Ms()).isGreaterThanOrEqualTo(r.schedulerLagP50Ms());
    assertThat(r.cpuCores()).isNotNull().isGreaterThanOrEqualTo(0.0);
    assertThat(r.reads()).isEqualTo(1000);
    assertThat(r.poolWaitP99Ms()).isNull(); // no client attached: absent, not 0
    assertThat(c.stop(5, null)).isSameAs(r);
    assertThat(r.line()).startsWith("client self-check:");
  }

  @Test
  void warnsOnlyWhenTheLagMattersToTheFinestLatencyMeasured() {
    ClientSelfCheck.Finest itl40 = new ClientSelfCheck.Finest("median inter-token latency", 40);
    ClientSelfCheck.Finest itl5 = new ClientSelfCheck.Finest("median inter-token latency", 5);
    // 2 ms of lag against 40 ms tokens: 5 %, nothing to say (whatever the CPU)
    assertThat(ClientSelfCheck.warning(2.0, 0.95, 2, itl40)).isNull();
    assertThat(ClientSelfCheck.warning(4.0, 0.3, 2, itl40)).as("exactly a tenth").isNull();
    // the same 2 ms against 5 ms tokens: 40 %
    assertThat(ClientSelfCheck.warning(2.0, 0.3, 2, itl5)).isEqualTo("WARNING client self-check: timestamps may be late "
        + "by up to 2.00 ms (scheduler lag p99), 40% of the run's median inter-token latency (5.00 ms), so latencies that "
        + "short may be distorted; the process used 30% of 2 cores. Give the load generator its own cores (or fewer "
        + "other processes), or lower the load.");
    assertThat(ClientSelfCheck.warning(50.0, 0.9, 2, null)).as("nothing measured, nothing distorted").isNull();
    assertThat(ClientSelfCheck.warning(null, null, 2, itl5)).isNull();
  }

  @Test
  void theFinestLatencyIsTheMedianItlElseTtftElseRequestLatency() {
    PhaseMetrics streamed = new PhaseMetrics("profiling", Goodput.parse(java.util.List.of()));
    var r = Records.ok(dev.infermark.api.request.Phase.PROFILING, "a", 1_000_000_000L, new long[] {100, 110, 120}, 130, 5, 3,
        null);
    streamed.add(r, RecordMetrics.of(r));
    assertThat(ClientSelfCheck.Finest.of(streamed.summary())).isEqualTo(
        new ClientSelfCheck.Finest("median inter-token latency", 15.0));
    PhaseMetrics oneToken = new PhaseMetrics("profiling", Goodput.parse(java.util.List.of()));
    var one = Records.ok(dev.infermark.api.request.Phase.PROFILING, "b", 1_000_000_000L, new long[] {100}, 100, 5, 1, null);
    oneToken.add(one, RecordMetrics.of(one));
    assertThat(ClientSelfCheck.Finest.of(oneToken.summary()).metric()).isEqualTo("median time to first token");
    assertThat(ClientSelfCheck.Finest.of(new PhaseMetrics("profiling", Goodput.parse(java.util.List.of())).summary()))
        .isNull();
  }

  @Test
  void theConsoleGetsOneSelfCheckLineOnlyWhenItWarns() {
    SelfCheckResult quiet = new SelfCheckResult(0.1, 0.2, 0.3, null, null, null, 0.1, 0.05, 2.0, 10, 2, null);
    assertThat(quiet.consoleLine()).isEmpty();
    SelfCheckResult loud = new SelfCheckResult(0.1, 3.5, 4.0, null, null, null, 0.1, 0.05, 2.0, 10, 2,
        ClientSelfCheck.warning(3.5, 0.05, 2, new ClientSelfCheck.Finest("median inter-token latency", 10)));
    assertThat(loud.consoleLine()).hasValueSatisfying(l -> assertThat(l)
        .startsWith("infermark: WARNING client self-check: timestamps may be late by up to 3.50 ms")
        .contains("(scheduler lag p50 0.100 ms, p99 3.500 ms").doesNotContain("\n"));
  }
}
