package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.artifact.RunFolders;
import dev.infermark.engine.fixtures.FixedResultScenario;

/**
 * Each run writes a new folder; 'latest' points at the last; nothing is overwritten. (Their
 * report.html: ErrorRateTest and TargetFailureTest, whose runs record real artifacts.)
 */
class RunFoldersTest {
  @TempDir
  Path artifacts;

  private void runOnce() {
    UniqueId run = UniqueId.forEngine("infermark").append("scenario", FixedResultScenario.class.getName())
        .append("run", "scale=1");
    EngineTestKit.engine(TestRuntime.engine()).selectors(selectUniqueId(run))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h").execute()
        .testEvents().assertStatistics(s -> s.started(5));
  }

  @Test
  void twoRunsOfOneScenarioWriteTwoFoldersAndLatestPointsAtTheSecond() throws Exception {
    runOnce();
    List<Path> first = RunFolders.all(artifacts);
    assertThat(first).singleElement().satisfies(p -> {
      assertThat(p.getParent().getFileName().toString()).isEqualTo("fixed-result");
      assertThat(p.getFileName().toString()).matches("\\d{8}T\\d{6}Z-scale=1");
    });
    Files.writeString(first.getFirst().resolve("mine.txt"), "kept");
    runOnce();
    List<Path> both = RunFolders.all(artifacts);
    assertThat(both).hasSize(2).contains(first.getFirst());
    Path second = both.stream().filter(p -> !p.equals(first.getFirst())).findFirst().orElseThrow();
    assertThat(RunFolders.latest(artifacts.resolve("fixed-result"))).contains(second);
    assertThat(Files.readString(first.getFirst().resolve("mine.txt"))).isEqualTo("kept");
  }
}
