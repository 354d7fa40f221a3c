package dev.infermark.agentperf.power;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.settings.Settings;

class NvidiaSmiPowerTest {
  @TempDir
  Path dir;

  private Path script(String body) throws Exception {
    Path s = dir.resolve("fake-nvidia-smi");
    Files.writeString(s, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwx------"));
    return s;
  }

  @Test
  void sumsGpuAndMemoryPowerPerAcceleratorFromAFakeNvidiaSmi() throws Exception {
    // The fake answers like: nvidia-smi --query-gpu=index,power.draw,<memory power> --format=csv,noheader,nounits
    Path s = script("echo \"0, 650.50, 49.50\"\necho \"1, 600.00, [N/A]\"\necho \"2, [N/A], [N/A]\"\n");
    List<String> logs = new CopyOnWriteArrayList<>();
    PowerSampler p = PowerSampler.fromSettings(Settings.of(Map.of("power-sampler", "nvidia-smi", "power-command",
        s + " --query-gpu=index,power.draw --format=csv,noheader,nounits")), logs::add);
    assertThat(p).isInstanceOf(NvidiaSmiPower.class);
    long before = System.nanoTime();
    ((NvidiaSmiPower) p).sampleNow();
    ((NvidiaSmiPower) p).sampleNow();
    long after = System.nanoTime();

    PowerSummary sum = p.summary(before, after).orElseThrow();
    assertThat(sum.samples()).isEqualTo(2);
    assertThat(sum.accelerators()).isEqualTo(2);
    assertThat(sum.meanWattsByAccelerator()).containsEntry("0", 700.0).containsEntry("1", 600.0);
    assertThat(sum.meanTotalWatts()).isEqualTo(1300.0);
    assertThat(p.summary(after + 1, after + 2)).isEmpty();
    assertThat(p.failures()).isZero();
    assertThat(logs).isEmpty();
    p.close();
  }

  @Test
  void aFailingCommandGivesNoReadingAndIsCounted() throws Exception {
    Path s = script("echo 'NVIDIA-SMI has failed' >&2\nexit 9\n");
    List<String> logs = new CopyOnWriteArrayList<>();
    NvidiaSmiPower p = new NvidiaSmiPower(List.of(s.toString()), Duration.ofSeconds(1), logs::add);
    p.sampleNow();
    p.sampleNow();
    assertThat(p.overall()).isEmpty();
    assertThat(p.failures()).isEqualTo(2);
    assertThat(logs).singleElement().asString().contains("exited with status 9");
    p.close();
  }

  @Test
  void pollsInTheBackgroundUntilClosed() throws Exception {
    Path s = script("echo \"0, 100\"\n");
    NvidiaSmiPower p = new NvidiaSmiPower(List.of(s.toString()), Duration.ofMillis(20), line -> {});
    p.start();
    // Bounded wait for the poller (not a timing assertion: only that readings arrive).
    for (int i = 0; i < 500 && p.overall().map(PowerSummary::samples).orElse(0) < 3; i++) {
      Thread.sleep(10);
    }
    p.close();
    int n = p.overall().orElseThrow().samples();
    assertThat(n).isGreaterThanOrEqualTo(3);
    assertThat(p.overall().orElseThrow().meanTotalWatts()).isEqualTo(100.0);
  }

  @Test
  void noSamplerMeasuresNothing() {
    PowerSampler p = PowerSampler.fromSettings(Settings.empty(), l -> {});
    assertThat(p).isInstanceOf(NoPower.class);
    p.start();
    assertThat(p.overall()).isEmpty();
    assertThat(p.summary(0, Long.MAX_VALUE)).isEmpty();
  }
}
