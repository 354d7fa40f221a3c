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
}
