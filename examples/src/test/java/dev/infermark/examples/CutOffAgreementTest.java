package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.artifact.RunFolders;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.fixture.FakeOpenAi.Fault;

/**
 * One rule for how a request ended, everywhere it is shown: against a server that hangs some
 * requests until the grace period cuts them off (and answers the others), the console's error-rate
 * and cut-off lines, the verdicts table, the {@code error_rate} node and the HTML report's cards
 * give the same counts: no request failed, the hung ones were cut off.
 */
class CutOffAgreementTest {
  @TempDir
  Path artifacts;

  /** Short chat turns; the test's server hangs three of them. */
  @Scenario(name = "cut-off-agreement", description = "a chat run whose server hangs a few requests")
  @Concurrency(4)
  @Measurement(duration = "2s")
  public static class HangingChat {
    @Workload
    public Conversations load() {
      return Conversations.repeat(Turn.user("hello there").maxTokens(8));
    }
  }

  @Test
  void consoleVerdictsNodeAndReportCountCutOffsApartFromFailures() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    Answer answer = Answer.text("The answer is (A)", " done").usage(50, 6);
    Answer hung = answer.fault(Fault.STALL, 1); // the first piece, then nothing until the server closes
    try (FakeOpenAi server = FakeOpenAi.start(r -> seen.incrementAndGet() % 7 == 0 && seen.get() <= 21 ? hung : answer,
        List.of("m"))) {
      EngineExecutionResults r = EngineTestKit.engine("infermark").selectors(selectClass(HangingChat.class))
          .configurationParameter("infermark.url", server.uri().toString())
          .configurationParameter("infermark.model", "test-model")
          .configurationParameter("infermark.preflight", "false")
          .configurationParameter("infermark.no-server-metrics", "true")
          .configurationParameter("infermark.benchmark-grace-period", "1s")
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.progress-interval", "1h").execute();

      String output = r.allEvents().reportingEntryPublished().stream()
          .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
          .filter(m -> m.containsKey("output")).map(m -> m.get("output")).findFirst().orElseThrow();
      assertThat(server.completions()).filteredOn(q -> server.answerTo(q).orElseThrow() == hung).hasSize(3);
      Matcher errors = Pattern.compile("error rate 0 %: 0 of (\\d+) profiling requests failed, within "
          + "infermark.failed-request-threshold=10 %; the 3 cut off at the end are counted apart").matcher(output);
      assertThat(errors.find()).as(output).isTrue();
      int ended = Integer.parseInt(errors.group(1));
      Matcher cut = Pattern.compile("cut off ([0-9.]+) %: 3 of " + (ended + 3) + " profiling requests were still in flight "
          + "when the run cut them off \\(a grace period ran out\\), within infermark.cut-off-threshold=50 %").matcher(output);
      assertThat(cut.find()).as(output).isTrue();
      double cutPercent = Double.parseDouble(cut.group(1));
      assertThat(output).containsPattern("(✓|PASS) +error_rate +0 % \\(0 of " + ended + "\\)")
          .containsPattern("(✓|PASS) +cut_off +[0-9.]+ % \\(3 of " + (ended + 3) + "\\) +<= 50 %");
      r.testEvents().assertStatistics(s -> s.failed(0));

      Path run = RunFolders.latest(artifacts.resolve("cut-off-agreement")).orElseThrow();
      ReportPages.drawn(run, "cut-off-agreement").ifPresent(page -> {
        String text = page.dom().replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ");
        assertThat(text).contains("failed requests 0 0.0 % of " + ended).contains(String.format(java.util.Locale.ROOT,
            "cut off at the end 3 %.1f %% of %d", cutPercent, ended + 3));
      });
    }
  }
}
