package dev.infermark.examples;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.agentx.InferencexAgentxMvp;
import dev.infermark.artifact.RunFolders;

/**
 * One AgentX smoke run against the embedded simulator (the preset, 30 s measured), shared by the
 * tests that read its artifacts ({@link ReportSmokeTest}, {@link InferencexFieldPathsTest}): run at
 * first use, once per test JVM, into a folder of its own under {@code target/}. Each such run costs
 * the suite half a minute; the tests only read what it wrote.
 */
final class AgentxSmokeRun {
  private static Path folder;

  private AgentxSmokeRun() {}

  /** The run's folder; the run's tests (its run and error-rate check) passed. */
  static synchronized Path folder() {
    if (folder == null) {
      try {
        Path artifacts = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "agentx-smoke-");
        EngineTestKit.engine("infermark").selectors(selectClass(InferencexAgentxMvp.class))
            .configurationParameter("infermark.preset", "smoke")
            // Shorter than the preset's 60 s: enough trees for the lanes, cheaper for CI.
            .configurationParameter("infermark.benchmark-duration", "30s")
            .configurationParameter("infermark.artifact-dir", artifacts.toString())
            .configurationParameter("infermark.progress-interval", "30s")
            .execute().testEvents().assertStatistics(s -> s.failed(0));
        folder = RunFolders.latest(artifacts.resolve("inferencex-agentx-mvp")).orElseThrow();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return folder;
  }
}
