package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.engine.fixtures.SearchChatScenario;
import dev.infermark.engine.fixtures.SweepChatScenario;
import dev.infermark.json.Json;
import dev.infermark.report.BrowserCheck;
import tools.jackson.databind.JsonNode;

/**
 * Sweeps and SLA searches against the embedded simulator, slowed tenfold or fivefold so that its
 * modelled times stand well above the machine's noise: the simulator's step is 2 ms plus 60 µs per
 * decoding stream (the tiny profile), times the time scale.
 */
class SweepAndSearchTest {
  @TempDir
  Path artifacts;

  private EngineTestKit.Builder kit(Class<?> scenario) {
    return EngineTestKit.engine(new InfermarkTestEngine()).selectors(selectClass(scenario))
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h")
        .configurationParameter("infermark.no-server-metrics", "true")
        .configurationParameter("infermark.random-seed", "7")
        .configurationParameter("infermark.warmup-duration", "1s")
        .configurationParameter("infermark.benchmark-grace-period", "10s");
  }

  @Test
  void aConcurrencyListIsOneRunPerValueAndOneSweepWithAMonotoneCurveOnItsFrontier() throws Exception {
    EngineExecutionResults r = kit(SweepChatScenario.class)
        .configurationParameter("infermark.concurrency", "1,4,16,32")
        .configurationParameter("infermark.simulator-time-scale", "5")
        .configurationParameter("infermark.benchmark-duration", "2s").execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("sweep-chat [concurrency=1]"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("sweep-chat [concurrency=32]"), finishedSuccessfully()));
    Path dir = only(artifacts.resolve("sweep-chat"), "-sweep-concurrency");
    JsonNode sweep = Json.parse(Files.readString(dir.resolve("sweep.json")));
    assertThat(sweep.path("kind").asString()).isEqualTo("sweep");
    assertThat(sweep.path("setting").asString()).isEqualTo("concurrency");
    List<Double> values = new ArrayList<>();
    List<Double> total = new ArrayList<>();
    List<Double> perUser = new ArrayList<>();
    for (JsonNode p : sweep.path("points")) {
      values.add(p.path("value").asDouble());
      total.add(p.path("metrics").path("output_token_throughput").asDouble());
      perUser.add(p.path("metrics").path("output_token_throughput_per_user_p50").asDouble());
      // More streams share each decode step: a monotone trade-off, every point on the frontier.
      assertThat(p.path("frontier").asBoolean()).as("frontier at %s", p.path("value")).isTrue();
      assertThat(Files.isDirectory(dir.resolve(p.path("folder").asString()))).isTrue();
    }
    assertThat(values).containsExactly(1.0, 4.0, 16.0, 32.0);
    assertThat(total).isSortedAccordingTo(Double::compare).doesNotHaveDuplicates();
    assertThat(perUser.reversed()).isSortedAccordingTo(Double::compare).doesNotHaveDuplicates();
    // ITL p50 <= 13 ms: 10.6 ms at 1 stream, 11.2 at 4, 14.8 at 16, 19.6 at 32 (modelled).
    assertThat(sweep.path("points").valueStream().map(p -> p.path("pass").asBoolean()).toList())
        .containsExactly(true, true, false, false);
    List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
    assertThat(csv).hasSize(5);
    assertThat(csv.get(0)).startsWith("run,group,concurrency,pass,frontier,output_token_throughput,");
    assertThat(csv.get(1)).startsWith("concurrency=1,,1,true,true,");
    drawn(dir.resolve("sweep.html"), "sweep-simulator.png", 2);
  }

  @Test
  void theSearchFindsTheSimulatorsCapacityInALogarithmicNumberOfProbes() throws Exception {
    // Six sequences run at once; a seventh user waits for a slot, its TTFT a good part of a request's
    // 0.67 s (340 ms measured at 7 users), far beyond 150 ms, while within the capacity it is a step
    // or three (about 60 ms at 6).
    EngineExecutionResults r = kit(SearchChatScenario.class)
        .configurationParameter("infermark.simulator-max-num-seqs", "6")
        .configurationParameter("infermark.simulator-time-scale", "10")
        .configurationParameter("infermark.benchmark-duration", "3s").execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("search concurrency"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 150"), finishedSuccessfully()));
    Path dir = only(artifacts.resolve("search-chat"), "-search-concurrency");
    JsonNode s = Json.parse(Files.readString(dir.resolve("sweep.json"))).path("search");
    assertThat(s.path("largest_passing").asDouble()).isEqualTo(6);
    assertThat(s.path("smallest_failing").asDouble()).isEqualTo(7);
    assertThat(s.path("converged").asBoolean()).isTrue();
    // 1, 2, 4, 8 (fails), then 6 and 7: growth to the first failure, then bisection.
    assertThat(s.path("steps").valueStream().map(x -> x.path("value").asInt()).toList()).containsExactly(1, 2, 4, 8, 6, 7);
    assertThat(s.path("steps").size()).isLessThanOrEqualTo(2 * 6 + 2); // 2·log2(64) + 2
    // Every probe is a run with its own folder.
    try (Stream<Path> runs = Files.list(artifacts.resolve("search-chat"))) {
      assertThat(runs.filter(p -> p.getFileName().toString().contains("-concurrency=")).count()).isEqualTo(6);
    }
    assertThat(drawn(dir.resolve("sweep.html"), "search-simulator.png", 3)).contains("Largest passing concurrency: 6 (fails at 7)");
  }

  /**
   * The page as headless Chromium drew it (screenshot in {@code target/screenshots}): no error, every
   * chart with data. Empty without Chromium, unless {@value BrowserCheck#REQUIRE_ENV} is set (CI).
   */
  private static String drawn(Path page, String screenshot, int charts) throws Exception {
    java.util.Optional<Path> chromium = BrowserCheck.chromium();
    if (chromium.isEmpty() && !"true".equalsIgnoreCase(System.getenv(BrowserCheck.REQUIRE_ENV))) {
      return "";
    }
    BrowserCheck.Result r = BrowserCheck.check(chromium.orElseThrow(), page, Path.of("target", "screenshots", screenshot));
    assertThat(r.problems()).isEmpty();
    assertThat(r.charts()).isEqualTo(charts);
    return r.dom();
  }

  @Test
  void aSearchWithNothingToPassFailsItsRunBeforeAnyLoad() {
    EngineExecutionResults r = kit(SweepChatScenario.class)
        .configurationParameter("infermark.search-space", "concurrency:1,8")
        .configurationParameter("infermark.search-sla", "time_to_first_tokn:p95:lt:100").execute();
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("sweep-chat run"), finishedWithFailure(
        message(m -> m.contains("infermark.search-sla: 'time_to_first_tokn:p95:lt:100': no metric time_to_first_tokn "
            + "(did you mean time_to_first_token?)")))));
    assertThat(artifacts.resolve("sweep-chat")).doesNotExist();
  }

  private static Path only(Path scenarioDir, String suffix) throws Exception {
    try (Stream<Path> s = Files.list(scenarioDir)) {
      List<Path> found = s.filter(p -> p.getFileName().toString().endsWith(suffix)).toList();
      assertThat(found).hasSize(1);
      return found.get(0);
    }
  }
}
