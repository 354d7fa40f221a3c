package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.client.ServerClient;
import dev.infermark.run.Cancellation;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;

/** A slow preflight is not a silent [setup] phase: the progress line says what the run waits for. */
class SetupProgressTest {
  @TempDir
  Path artifacts;

  @Scenario(name = "setup-progress")
  static class NothingScenario {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Test
  void theProgressLineOfASlowPreflightSaysWhatItWaitsFor() throws Exception {
    List<String> printed = new CopyOnWriteArrayList<>();
    CountDownLatch setupShown = new CountDownLatch(1);
    // A server that answers its preflight only once the progress display has shown the setup phase.
    ServerClient slow = new ServerClient() {
      @Override
      public RequestRecord send(InferenceRequest request) {
        throw new AssertionError("nothing is sent");
      }

      @Override
      public Optional<String> preflight() {
        try {
          assertThat(setupShown.await(30, TimeUnit.SECONDS)).as("a progress line during the preflight").isTrue();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Optional.of("ok");
      }
    };
    Properties p = new Properties();
    p.setProperty("infermark.url", "127.0.0.1:9");
    p.setProperty("infermark.artifact-dir", artifacts.toString());
    p.setProperty("infermark.progress-interval", "500ms");
    SettingsResolver resolver = new SettingsResolver(SettingsRegistry.load(), k -> Optional.empty(), Set.of(), p, Map.of());
    new ScenarioRunner(resolver, (s, base, progress) -> slow, Standard.recordings(), line -> {
      printed.add(line);
      if (line.contains("[setup]")) {
        setupShown.countDown();
      }
    }).run(ScenarioModel.of(NothingScenario.class), RunParams.none(), new Cancellation());

    assertThat(printed.stream().filter(l -> l.contains("[setup]")).findFirst().orElseThrow())
        .contains("preflight: waiting for http://127.0.0.1:9 to list its models and answer a 1-token chat request");
  }
}
