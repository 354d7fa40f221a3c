package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.engine.lowfd.LowFileLimitMain;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Running out of file descriptors, in a child JVM started under {@code ulimit -n 256}: a
 * concurrency that cannot fit is caught at start; a run that runs out mid-run records the failures
 * as the client's and still writes its artifacts.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class OpenFilesLimitTest {
  @TempDir
  Path artifacts;

  @Test
  void aLowOpenFilesLimitIsCaughtAtStartAndExhaustionMidRunIsTheClientsWithArtifactsWritten() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isDirectory(Path.of("/proc/self/fd")), "needs Linux and bash");
    String java = ProcessHandle.current().info().command().orElseThrow();
    List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c", "ulimit -n 256 && exec \"$@\"", "bash", java,
        "-cp", System.getProperty("java.class.path"), "-D" + "lowfd.child=true", "-Xshare:off"));
    try (FakeOpenAi server = FakeOpenAi.start(Answer.text("hi"))) {
      for (String s : List.of("url=" + server.url(), "model=m", "artifact-dir=" + artifacts, "progress-interval=1h",
          "random-seed=1")) {
        cmd.add("-Dinfermark." + s);
      }
      cmd.add(LowFileLimitMain.class.getName());
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      System.out.println(out);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(out).isZero();

      assertThat(out).contains("CHECK: infermark.concurrency=300 needs about 301 open connections (1 /metrics scrape(s)), but this JVM "
          + "may hold only 256 open files").contains("ulimit -n 65536");
      assertThat(out).contains("HOGGED: ");
      Path dir = artifacts.resolve("fd-hog/latest");
      assertThat(dir.resolve("profile_export_aiperf.json")).as(out).exists();
      assertThat(dir.resolve("inputs.json")).exists();
      assertThat(dir.resolve("profile_export_aiperf.csv")).exists();
      JsonNode json = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
      JsonNode errors = json.get("error_summary");
      assertThat(errors.size()).as(out).isPositive();
      errors.forEach(e -> assertThat(e.get("error_details").get("kind").asString()).as(e.toString()).isEqualTo("client_side"));
      assertThat(json.get("request_count").get("avg").asDouble()).isGreaterThanOrEqualTo(2);
      assertThat(out).contains("failed inside infermark's client, not at the server");
    }
  }
}
