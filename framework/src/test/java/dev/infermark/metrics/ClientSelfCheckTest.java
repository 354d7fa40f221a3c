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
    SelfCheckResult r = c.stop(1000);
    assertThat(r.schedulerLagP50Ms()).isNotNull().isGreaterThanOrEqualTo(0.0);
    assertThat(r.schedulerLagP99Ms()).isGreaterThanOrEqualTo(r.schedulerLagP50Ms());
    assertThat(r.cpuCores()).isNotNull().isGreaterThanOrEqualTo(0.0);
    assertThat(r.reads()).isEqualTo(1000);
    assertThat(r.poolWaitP99Ms()).isNull(); // no client attached: absent, not 0
    assertThat(c.stop(5)).isSameAs(r);
    assertThat(r.line()).startsWith("client self-check:");
  }

  @Test
  void warnsWhenLagOrCpuIsHigh() {
    assertThat(ClientSelfCheck.warning(0.2, 0.5, 2)).isNull();
    assertThat(ClientSelfCheck.warning(null, null, 2)).isNull();
    assertThat(ClientSelfCheck.warning(3.5, 0.5, 2)).contains("3.50 ms").contains("distorted");
    assertThat(ClientSelfCheck.warning(0.2, 0.95, 2)).contains("95%").contains("2 cores");
  }

  @Test
  void theConsoleGetsOneSelfCheckLineOnlyWhenItWarns() {
    SelfCheckResult quiet = new SelfCheckResult(0.1, 0.2, 0.3, null, null, null, 0.1, 0.05, 2.0, 10, 2, null);
    assertThat(quiet.consoleLine()).isEmpty();
    SelfCheckResult loud = new SelfCheckResult(0.1, 3.5, 4.0, null, null, null, 0.1, 0.05, 2.0, 10, 2,
        ClientSelfCheck.warning(3.5, 0.05, 2));
    assertThat(loud.consoleLine()).hasValueSatisfying(l -> assertThat(l)
        .startsWith("infermark: WARNING client self-check: timestamps may be late by up to 3.50 ms")
        .contains("(scheduler lag p50 0.100 ms, p99 3.500 ms").doesNotContain("\n"));
  }
}
