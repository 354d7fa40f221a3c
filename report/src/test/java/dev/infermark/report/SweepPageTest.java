package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.sweep.LimitSearch;
import dev.infermark.sweep.Precision;
import dev.infermark.sweep.SearchOutcome;
import dev.infermark.sweep.SearchPlan;
import dev.infermark.sweep.Sweep;
import dev.infermark.sweep.SweepFiles;
import dev.infermark.sweep.SweepPoint;
import dev.infermark.sweep.SweptSetting;

/**
 * The sweep and search pages ({@code sweep.html}), written by the framework's {@link SweepFiles}
 * through this module's {@link SweepReport}, drawn in headless Chromium (screenshots under
 * {@code target/screenshots}; skipped without Chromium unless {@value BrowserCheck#REQUIRE_ENV}).
 */
class SweepPageTest {
  private static final SweptSetting CONCURRENCY = new SweptSetting("concurrency", true);

  @TempDir
  Path dir;

  /** A load curve as the simulator gives it: speed per user falls, total rises, then saturates. */
  static Sweep curve(SearchOutcome search) {
    return curve(new double[] {1, 2, 4, 8, 16, 32, 64}, search);
  }

  /**
   * A load curve as the simulator gives it at concurrencies {@code c}: 96 tokens/s for one user, each
   * stream slowing the decode step, saturating at 32 (64 users: half the speed each, no more in
   * total); P99 TTFT within 50 ms up to 24 users.
   */
  static Sweep curve(double[] c, SearchOutcome search) {
    List<SweepPoint> points = new ArrayList<>();
    for (double n : c) {
      double perUser = n <= 32 ? 96 / (1 + 0.028 * (n - 1)) : 96 / (1 + 0.028 * 31) * 32 / n;
      double ttftP99 = n <= 24 ? 15 + n : n <= 32 ? 60 + n : 1400;
      Map<String, Double> m = new LinkedHashMap<>();
      m.put(SweepPoint.TOTAL, Math.min(n, 32) * (n <= 32 ? perUser : perUser * n / 32));
      m.put(SweepPoint.PER_USER, perUser);
      m.put("time_to_first_token_p50", ttftP99 / 1.6);
      m.put("time_to_first_token_p99", ttftP99);
      m.put("inter_token_latency_p50", 1000 / perUser);
      m.put(SweepPoint.ERROR_RATE, 0.0);
      boolean pass = ttftP99 <= 50;
      points.add(new SweepPoint("concurrency=" + (int) n, "", n, Path.of("runs", "c" + (int) n), m, pass,
          pass ? List.of() : List.of("p99 time_to_first_token: measured " + ttftP99 + " ms, violates <= 50 ms")));
    }
    return new Sweep("chat", CONCURRENCY, List.of("p99 time_to_first_token <= 50 ms", "error_rate <= 10 %"), points, search);
  }

  @Test
  void aSweepIsOneJsonOneCsvAndOnePageWithTheFrontierMarked() throws Exception {
    Path out = SweepFiles.write(dir.resolve("sweep"), curve(null), line -> { });
    assertThat(out.resolve("sweep.html")).exists();
    String csv = Files.readString(out.resolve("sweep.csv"));
    // 64 users: slower per user and no faster in total than 32, so off the frontier.
    assertThat(csv.lines().skip(1).map(l -> l.split(",")[4]).toList())
        .containsExactly("true", "true", "true", "true", "true", "true", "false");
    BrowserCheck.Result r = drawn(out, "sweep.png");
    assertThat(r.charts()).isEqualTo(2); // the curve and TTFT against the load
    assertThat(r.dom()).contains("Sweep of concurrency — chat", "Pareto frontier", "Why points fail");
  }

  @Test
  void aSearchPageShowsItsProbesAndTheBracket() throws Exception {
    SearchPlan plan = new SearchPlan(CONCURRENCY, 1, 64, new Precision(1, false), 2, 0);
    LimitSearch.Outcome o = plan.search().run(v -> v <= 24);
    double[] probes = o.steps().stream().mapToDouble(LimitSearch.Step::value).toArray();
    Path out = SweepFiles.write(dir.resolve("search"), curve(probes, new SearchOutcome(plan, o)), line -> { });
    BrowserCheck.Result r = drawn(out, "search.png");
    assertThat(r.charts()).isEqualTo(3); // with the probes in order
    assertThat(r.dom()).contains("SLA search of concurrency", "Largest passing concurrency: 24 (fails at 25)",
        "Search: the probes in order");
  }

  /** The folder's page drawn in Chromium without a problem (the test skipped without Chromium, unless CI). */
  private static BrowserCheck.Result drawn(Path sweepDir, String screenshot) {
    Optional<Path> chromium = BrowserCheck.chromium();
    assumeTrue(chromium.isPresent() || "true".equalsIgnoreCase(System.getenv(BrowserCheck.REQUIRE_ENV)),
        "no chromium on the PATH: browser check skipped");
    BrowserCheck.Result r = BrowserCheck.check(chromium.orElseThrow(), sweepDir.resolve("sweep.html"),
        BrowserReportTest.SHOTS.resolve(screenshot));
    assertThat(r.problems()).isEmpty();
    return r;
  }

  @Test
  void aFolderWithoutASweepIsRefused() {
    assertThatThrownBy(() -> SweepReport.html(dir)).hasMessageContaining("not a sweep folder (no sweep.json)");
  }
}
