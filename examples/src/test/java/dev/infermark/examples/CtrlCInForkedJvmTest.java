package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.launcher.EngineFilter.includeEngines;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import dev.infermark.artifact.RunFolders;
import dev.infermark.json.Json;
import dev.infermark.run.ControllingTerminal;
import tools.jackson.databind.JsonNode;

/**
 * Ctrl+C under Maven, as it happens: the scenario runs in a forked JVM (Surefire's), the terminal
 * sends SIGINT to it, and Maven, which read the fork's output, is gone at once. The fork still
 * writes the cancelled run's artifacts, moves {@code latest} to them, leaves its SLOs not judged,
 * and says where the artifacts are on the terminal itself ({@link ControllingTerminal}, here a file).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class CtrlCInForkedJvmTest {
  private static final String RUN = "[engine:infermark]/[scenario:" + ChatLatencyScenario.class.getName()
      + "]/[run:inputTokens=128]";

  @TempDir
  Path dir;

  /** The forked JVM: runs one run of the README's scenario through the launcher, as Surefire's fork does. */
  public static void main(String[] args) {
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectUniqueId(RUN))
        .filters(includeEngines("infermark")).build());
  }

  @Test
  void sigintWritesTheCancelledRunMovesLatestAndTellsTheTerminalWhere() throws Exception {
    Path tty = Files.createFile(dir.resolve("tty"));
    Path artifacts = dir.resolve("runs");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
        "-D" + ControllingTerminal.DEVICE_PROPERTY + "=" + tty, "-Dinfermark.artifact-dir=" + artifacts,
        "-Dinfermark.benchmark-duration=10m", "-Dinfermark.progress-interval=500ms", getClass().getName()));
    Process fork = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      // Read the fork's output until its profiling shows, then stop reading it: Maven is gone.
      CompletableFuture<String> profiling = CompletableFuture.supplyAsync(() -> {
        StringBuilder seen = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fork.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            seen.append(line).append('\n');
            if (line.contains("[profiling]")) {
              return seen.toString();
            }
          }
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        throw new AssertionError("the fork ended before profiling:\n" + seen);
      });
      String before = profiling.get(120, TimeUnit.SECONDS);
      assertThat(before).as("the folder is named before any Ctrl+C").contains("chat-latency: artifacts go to " + artifacts);
      assertThat(before).as("no SLF4J warning in a forked test JVM without an SLF4J provider").doesNotContain("SLF4J");
      fork.getInputStream().close();
      assertThat(new ProcessBuilder("kill", "-INT", Long.toString(fork.pid())).start().waitFor()).isZero();
      assertThat(fork.waitFor(120, TimeUnit.SECONDS)).as("the fork exits after writing its artifacts").isTrue();
    } finally {
      fork.destroyForcibly();
    }

    Path run = RunFolders.latest(artifacts.resolve("chat-latency")).orElseThrow();
    assertThat(RunFolders.all(artifacts)).containsExactly(run); // latest is the cancelled run
    JsonNode json = Json.parse(Files.readString(run.resolve("profile_export_aiperf.json")));
    assertThat(json.get("was_cancelled").asBoolean()).isTrue();
    assertThat(json.get("slo_results")).isNotEmpty().allSatisfy(s -> assertThat(s.get("judged").asBoolean(true)).isFalse());
    assertThat(Files.readString(tty)).isEqualTo("infermark: chat-latency was cancelled; its partial artifacts are in "
        + run.toAbsolutePath().toRealPath() + System.lineSeparator());
  }
}
