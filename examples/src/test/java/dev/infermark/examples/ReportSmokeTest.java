package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.artifact.RunFolders;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.report.BrowserCheck;

/**
 * The HTML report of real runs against the embedded simulator, opened in headless Chromium: the
 * README's chat-latency scenario (both of its runs and their comparison) and the AgentX smoke run
 * (with the server's charts over time from the simulator's vLLM metrics).
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
        .execute().testEvents().failed().assertThatEvents()
        // SLO verdicts measure this machine (ChatLatencyVerdictTest pins one); the runs and their checks must pass.
        .allMatch(e -> e.getTestDescriptor().getUniqueId().getLastSegment().getType().equals(InfermarkUniqueIds.SLO));
    List<Path> runs = RunFolders.all(artifacts);
    assertThat(runs).hasSize(2).allMatch(p -> p.getParent().getFileName().toString().equals("chat-latency"))
        .anyMatch(p -> p.getFileName().toString().endsWith("-inputTokens=128"))
        .anyMatch(p -> p.getFileName().toString().endsWith("-inputTokens=1024"));
    Path small = runs.stream().filter(p -> p.getFileName().toString().endsWith("=128")).findFirst().orElseThrow();
    Path large = runs.stream().filter(p -> p.getFileName().toString().endsWith("=1024")).findFirst().orElseThrow();

    ReportPages.report(small, "chat-latency");
    assertThat(large.resolve("report.html")).isNotEmptyFile(); // written by the run, drawn in the comparison
    Path compare = ReportPages.compare(List.of(small, large), artifacts.resolve("compare.html"), "compare-chat-latency");

    assertThat(Files.readString(compare)).contains("chat-latency/" + small.getFileName())
        .contains("chat-latency/" + large.getFileName());
  }

  @Test
  void agentxSmokeRun() throws IOException {
    Path run = AgentxSmokeRun.folder();

    Optional<BrowserCheck.Result> drawn = ReportPages.drawn(run, "agentx-smoke");

    String page = Files.readString(run.resolve("report.html"));
    assertThat(page).contains("\"swimlane\":{").contains("\"cache_hit\":[").contains("\"submission_valid\":false");
    // the simulator serves vLLM's names: the server's KV-cache usage, hit rate, running and waiting over time
    assertThat(page).contains("\"server_series\":{").contains("\"kv_usage\":[").contains("\"hit_rate\":[")
        .contains("\"requests\":[").contains("\"missing\":[]");
    drawn.ifPresent(r -> {
      String dom = r.dom();
      int from = dom.indexOf("<section id=\"server-timeline\"");
      String server = dom.substring(from, dom.indexOf("<section", from + 1));
      assertThat(server.split("<canvas", -1)).hasSize(4); // three charts
      assertThat(server).contains(">KV-cache usage</div>", ">GPU</div>", ">running</div>", ">waiting</div>",
          ">client output tokens/s</div>", "from vllm:kv_cache_usage_perc");
    });
  }
}
