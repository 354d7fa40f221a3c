package dev.infermark.agentperf.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.settings.Settings;

class PrometheusPowerTest {
  static final String DCGM = """
      # HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).
      # TYPE DCGM_FI_DEV_POWER_USAGE gauge
      DCGM_FI_DEV_POWER_USAGE{gpu="0",UUID="GPU-aaa",device="nvidia0",modelName="NVIDIA H200",Hostname="h"} 512.25
      DCGM_FI_DEV_POWER_USAGE{gpu="1",UUID="GPU-bbb",device="nvidia1",modelName="NVIDIA H200",Hostname="h"} 487.75
      DCGM_FI_DEV_MEMORY_POWER{gpu="0",UUID="GPU-aaa"} 40
      DCGM_FI_DEV_GPU_TEMP{gpu="0",UUID="GPU-aaa"} 61
      """;

  @Test
  void scrapesAFakeDcgmExporterOnLoopback() throws Exception {
    FakeOpenAi server = FakeOpenAi.start().pages(r -> Answer.metrics(DCGM));
    try {
      String url = server.metrics().toString();
      PowerSampler p = PowerSampler.fromSettings(Settings.of(Map.of("power-sampler", "prometheus", "power-dcgm-url", url,
          "power-metrics", "DCGM_FI_DEV_POWER_USAGE,DCGM_FI_DEV_MEMORY_POWER")), l -> {});
      assertThat(p).isInstanceOf(PrometheusPower.class);
      ((PrometheusPower) p).sampleNow();
      PowerSummary s = p.overall().orElseThrow();
      assertThat(server.paths()).containsExactly("/metrics");
      assertThat(s.meanWattsByAccelerator()).containsEntry("0", 552.25).containsEntry("1", 487.75);
      assertThat(s.meanTotalWatts()).isEqualTo(1040.0);
      p.close();
    } finally {
      server.close();
    }
  }

  @Test
  void aBadEndpointCountsFailures() throws Exception {
    assertThat(oneFailedReading(503, "")).contains("HTTP 503");
  }

  @Test
  void malformedTextCountsAFailureNamingTheLine() throws Exception {
    assertThat(oneFailedReading(200, "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\nDCGM_FI_DEV_POWER_USAGE{gpu=\"0} 5\n"))
        .contains("/metrics line 2").contains("not closed");
  }

  /** One reading from a loopback endpoint answering {@code status} and {@code body}: it fails, and its one log line. */
  private static String oneFailedReading(int status, String body) throws Exception {
    FakeOpenAi server = FakeOpenAi.start().pages(r -> Answer.page(status, "text/plain", body));
    try {
      var logs = new java.util.concurrent.CopyOnWriteArrayList<String>();
      PrometheusPower p = new PrometheusPower(server.metrics(),
          java.util.List.of("DCGM_FI_DEV_POWER_USAGE"), java.time.Duration.ofSeconds(1), logs::add);
      p.sampleNow();
      assertThat(p.overall()).isEmpty();
      assertThat(p.failures()).isEqualTo(1);
      p.close();
      assertThat(logs).hasSize(1);
      return logs.get(0);
    } finally {
      server.close();
    }
  }

  @Test
  void credentialsInTheUrlNeverReachLogsOrResults() {
    assertThat(PowerSampler.withoutUserInfo("http://admin:s3cret@dcgm:9400/metrics")).isEqualTo("http://dcgm:9400/metrics");
    assertThat(PowerSampler.withoutUserInfo("http://dcgm:9400/metrics")).isEqualTo("http://dcgm:9400/metrics");
    PowerSampler p = PowerSampler.fromSettings(Settings.of(Map.of("power-sampler", "prometheus", "power-dcgm-url",
        "http://admin:s3cret@127.0.0.1:1/metrics")), l -> {});
    assertThat(p.describe()).doesNotContain("s3cret");
    p.close();
  }

  @Test
  void settingErrorsNameTheSetting() {
    assertThatThrownBy(() -> PowerSampler.fromSettings(Settings.of(Map.of("power-sampler", "prometheus")), l -> {}))
        .hasMessageContaining("infermark.power-dcgm-url");
    assertThatThrownBy(() -> PowerSampler.fromSettings(Settings.of(Map.of("power-sampler", "ipmi")), l -> {}))
        .hasMessageContaining("infermark.power-sampler: unknown sampler 'ipmi'");
  }
}
