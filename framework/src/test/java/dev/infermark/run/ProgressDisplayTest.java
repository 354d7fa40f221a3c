package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import me.tongfei.progressbar.DelegatingProgressBarConsumer;

class ProgressDisplayTest {
  @Test
  void aLineCarriesEtaRateInFlightErrorsAndTheRunningMedianTtft() {
    Progress progress = new Progress();
    progress.phase("profiling", Duration.ofMinutes(5));
    long start = progress.phase().startNs();
    List<String> lines = new ArrayList<>();
    ProgressDisplay d = ProgressDisplay.manual("chat", progress, lines::add, null);
    for (int i = 0; i < 10; i++) {
      progress.requestSent();
    }
    progress.requestReturned(false, 40_000_000L);
    progress.requestReturned(false, 50_000_000L);
    progress.requestReturned(false, 60_000_000L);
    progress.requestReturned(true, -1);
    d.tick(start + Duration.ofSeconds(90).toNanos());
    assertThat(lines).singleElement().asString()
        .startsWith("infermark: chat [profiling] 01:30/05:00 ETA 03:30  ")
        .contains("in flight 6", "errors 1", "p50 TTFT 50 ms", "sent 10").containsPattern("\\d+\\.\\d req/s");
    // What a phase waits for shows after its clock, until the next phase.
    progress.doing("preflight: waiting for http://gpu:8000");
    d.tick(start + Duration.ofSeconds(91).toNanos());
    assertThat(lines.get(1)).startsWith("infermark: chat [profiling] 01:31/05:00 ETA 03:29  preflight: waiting for "
        + "http://gpu:8000  ");
    lines.remove(1);
    // A new phase has its own median.
    progress.phase("drain", null);
    d.tick(progress.phase().startNs() + 1_000_000_000L);
    assertThat(lines.get(1)).startsWith("infermark: chat [drain] 00:01  ").doesNotContain("TTFT").doesNotContain("ETA");
  }

  @Test
  void onATerminalItIsAProgressBar() {
    Progress progress = new Progress();
    progress.phase("profiling", Duration.ofSeconds(100));
    List<String> drawn = new ArrayList<>();
    ProgressDisplay d = ProgressDisplay.manual("chat", progress, l -> {
      throw new AssertionError("no lines on a terminal");
    }, new DelegatingProgressBarConsumer(drawn::add, 120));
    progress.requestSent();
    d.tick(progress.phase().startNs() + Duration.ofSeconds(25).toNanos());
    d.close();
    assertThat(String.join("\n", drawn)).contains("chat [profiling]").contains("25%").contains("in flight 1");
  }

  @Test
  void uiTypeNoneShowsNoLiveProgressAndTheOthersDo() {
    List<String> lines = new ArrayList<>();
    ProgressDisplay none = ProgressDisplay.start("chat", new Progress(), Duration.ofMillis(500), "none", lines::add);
    assertThat(none.running()).isFalse();
    none.close();
    for (String shown : List.of("auto", "dashboard", "simple")) {
      ProgressDisplay d = ProgressDisplay.start("chat", new Progress(), Duration.ofMinutes(1), shown, lines::add);
      assertThat(d.running()).as(shown).isTrue();
      d.close();
    }
  }
}
