package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The HTML report of real runs against the embedded simulator, opened in headless Chromium: the
 * README's chat-latency scenario (both of its runs and their comparison) and the AgentX smoke run.
 * The accuracy and AgentPerf smoke reports are opened by {@link BuiltInSmokeTest}.
 */
class ReportSmokeTest {
  @TempDir
  Path artifacts;

  @Test
  void chatLatencyRunsAndTheirComparison() throws IOException {
    EngineTestKit.engine("infermark").selectors(selectClass(ChatLatencyScenario.class))
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.random-seed", "42")
        .configurationParameter("infermark.progress-interval", "30s")
        .execute().testEvents().assertStatistics(s -> s.failed(0));
    List<Path> runs = runFolders();
    assertThat(runs).extracting(p -> p.getFileName().toString())
        .containsExactly("chat-latency-inputTokens=1024", "chat-latency-inputTokens=128");

    ReportPages.report(runs.get(1), "chat-latency");
    assertThat(dev.infermark.report.Report.write(runs.get(0))).isNotEmptyFile(); // drawn in the comparison
    Path compare = ReportPages.compare(List.of(runs.get(1), runs.get(0)), artifacts.resolve("compare.html"),
        "compare-chat-latency");

    assertThat(Files.readString(compare)).contains("chat-latency-inputTokens=128").contains("chat-latency-inputTokens=1024");
  }

  @Test
  void agentxSmokeRun() throws IOException {
    EngineTestKit.engine("infermark").selectors(selectClass(ChatLatencyScenario.class))
        .configurationParameter("infermark.scenario", "inferencex-agentx-mvp")
        .configurationParameter("infermark.preset", "smoke")
        // Shorter than the preset's 90 s: enough trees for the lanes, cheaper for CI.
        .configurationParameter("infermark.benchmark-duration", "30s")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "30s")
        .execute().testEvents().assertStatistics(s -> s.failed(0));
    Path run = runFolders().getFirst();

    Path html = ReportPages.report(run, "agentx-smoke");

    String page = Files.readString(html);
    assertThat(page).contains("\"swimlane\":{").contains("\"cache_hit\":[").contains("\"submission_valid\":false");
  }

  private List<Path> runFolders() throws IOException {
    try (Stream<Path> dirs = Files.list(artifacts)) {
      return dirs.filter(Files::isDirectory).sorted().toList();
    }
  }
}
