package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reports opened in headless Chromium: every section of a run page (verdicts, SLOs, nested
 * sub-agents, warmup, a failure, cache hits, server metrics) and a comparison draw without an
 * error or an empty chart; a broken page is caught. Screenshots go to {@code target/screenshots}.
 * Skipped without Chromium, unless {@value BrowserCheck#REQUIRE_ENV} is true (CI).
 */
class BrowserReportTest {
  static final Path SHOTS = Path.of("target", "screenshots");
  static Path chromium;

  @TempDir
  Path dir;

  @BeforeAll
  static void findChromium() {
    Optional<Path> c = BrowserCheck.chromium();
    if (c.isEmpty() && "true".equalsIgnoreCase(System.getenv(BrowserCheck.REQUIRE_ENV))) {
      fail(BrowserCheck.REQUIRE_ENV + " is set but no chromium is on the PATH (apt-get install chromium)");
    }
    assumeTrue(c.isPresent(), "no chromium on the PATH: browser checks skipped");
    chromium = c.get();
  }

  @Test
  void anAgenticRunWithEverySectionDrawsCleanly() throws Exception {
    Path run = agenticRun(dir.resolve("agentic"), 42);
    Path html = Report.write(run);

    BrowserCheck.Result r = BrowserCheck.check(chromium, html, SHOTS.resolve("fixture-agentic.png"));

    assertThat(r.problems()).isEmpty();
    assertThat(r.ok()).isTrue();
    // distributions (4 CDF + 4 histograms), requests, tokens, concurrency, cache hits, lanes
    assertThat(r.charts()).isEqualTo(13);
    assertThat(Files.size(r.screenshot())).isGreaterThan(10_000);
  }

  @Test
  void aComparisonOfTwoRunsDrawsCleanly() {
    Path a = agenticRun(dir.resolve("a"), 1);
    Path b = agenticRun(dir.resolve("b"), 2);
    Path html = Compare.write(List.of(a, b), dir.resolve("compare.html"));

    BrowserCheck.Result r = BrowserCheck.check(chromium, html, SHOTS.resolve("fixture-compare.png"));

    assertThat(r.problems()).isEmpty();
    assertThat(r.charts()).isEqualTo(5); // four CDF overlays and throughput over time
  }

  @Test
  void anEmptyChartFailsTheCheck() throws Exception {
    ObjectNode model = Json.object().put("kind", "run");
    model.putObject("run").put("scenario", "broken");
    ObjectNode d = model.putArray("dists").addObject().put("tag", "time_to_first_token").put("title", "TTFT").put("unit", "ms");
    ObjectNode cdf = d.put("n", 0).put("grouped", true).putArray("cdfs").addObject().put("label", "all").put("n", 0);
    cdf.putArray("x");
    cdf.putArray("y");
    Path html = Files.writeString(dir.resolve("broken.html"), Page.html("broken", model));

    BrowserCheck.Result r = BrowserCheck.check(chromium, html, dir.resolve("broken.png"));

    assertThat(r.ok()).isFalse();
    assertThat(r.status()).isEqualTo("error");
    assertThat(String.join(" ", r.problems())).contains("empty chart");
  }

  /**
   * A seeded AgentX-shaped run: 4 lanes replaying session trees one after another, each root
   * spawning two parallel sub-agents (one with a sub-agent of its own) and joining them; one
   * primer per lane in warmup; cached prompt tokens growing per turn; one failed request.
   */
  static Path agenticRun(Path dir, long seed) {
    Random rnd = new Random(seed);
    FixtureRun run = new FixtureRun();
    int failedAt = 7;
    int n = 0;
    for (int lane = 0; lane < 4; lane++) {
      run.request(-4000 + lane * 500, -900 - lane * 100).warmup().ttft(900).tokens(1)
          .meta("lane", lane).meta("x_correlation_id", "w" + lane).meta("root_correlation_id", "w" + lane)
          .meta("agent_depth", 0).add();
      double t = rnd.nextInt(3000);
      int tree = 0;
      while (t < 60_000) {
        String root = "l" + lane + "t" + tree++;
        for (int turn = 0; turn < 4; turn++) {
          double end = request(run, rnd, t, lane, root, root, null, 0, turn, n++ == failedAt);
          t = end + 300 + rnd.nextInt(1500);
          if (turn == 1) {
            double join = t;
            for (int c = 0; c < 2; c++) {
              String child = root + "c" + c;
              double ct = t + 100 * c;
              for (int k = 0; k < 3; k++) {
                ct = request(run, rnd, ct, lane, child, root, root, 1, k, false) + 200;
                if (c == 0 && k == 0) {
                  double gt = ct;
                  for (int g = 0; g < 2; g++) {
                    gt = request(run, rnd, gt, lane, child + "g", root, child, 2, g, false) + 100;
                  }
                  ct = Math.max(ct, gt);
                }
              }
              join = Math.max(join, ct);
            }
            t = join + 200;
          }
        }
        t += 500 + rnd.nextInt(2000);
      }
    }
    ObjectNode s = FixtureRun.summaryJson("fixture-agentic", 120);
    ObjectNode md = (ObjectNode) s.get("metadata");
    md.put("submission_valid", false).putArray("submission_invalid_reasons").add("unsafe_override");
    md.putObject("agentic_replay").put("lanes", 4).put("trees_played", 20);
    var slo = s.putArray("slo_results");
    slo.addObject().put("metric", "time_to_first_token").put("stat", "p95").put("max", 500).put("unit", "ms")
        .put("measured", 321.5).put("passed", true);
    slo.addObject().put("metric", "output_token_throughput_per_user").put("stat", "p25").put("min", 20)
        .put("unit", "tokens/s").put("measured", 12.25).put("passed", false);
    s.putArray("error_summary").addObject().put("count", 1).putObject("error_details").put("code", 500)
        .put("type", "Internal Server Error").put("message", "boom").put("kind", "server_error");
    run.summary(s).writeTo(dir);
    ObjectNode server = Json.object();
    ObjectNode gauge = server.putObject("metrics").putObject("vllm:num_requests_running").put("type", "gauge").put("unit", "requests");
    gauge.putArray("series").addObject().put("endpoint_url", "http://127.0.0.1:8000/metrics")
        .<ObjectNode>set("labels", Json.object().put("model_name", "m"))
        .putObject("stats").put("avg", 5.2).put("min", 0).put("max", 8).put("p99", 8);
    try {
      Files.writeString(dir.resolve(RunFolder.SERVER_METRICS), Json.write(server));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return dir;
  }

  private static double request(FixtureRun run, Random rnd, double start, int lane, String stream, String tree,
      String parent, int depth, int turn, boolean failed) {
    double ttft = 40 + rnd.nextInt(400);
    int out = 20 + rnd.nextInt(300);
    double itl = 8 + rnd.nextDouble() * 4;
    double end = start + ttft + out * itl;
    int isl = 5000 + 3000 * turn + rnd.nextInt(500);
    FixtureRun.Request r = run.request(start, end).meta("lane", lane).meta("x_correlation_id", stream)
        .meta("root_correlation_id", tree).meta("agent_depth", depth).meta("turn_index", turn);
    if (parent != null) {
      r.meta("parent_correlation_id", parent);
    }
    if (failed) {
      r.failed("server_error").add();
      return start + 50;
    }
    r.ttft(ttft).tokens(out).metric("inter_token_latency", itl, "ms")
        .metric("output_token_throughput_per_user", 1000 / itl, "tokens/sec/user")
        .metric("input_sequence_length", isl, "tokens")
        .metric("usage_prompt_cache_read_tokens", turn == 0 ? 0 : isl - 3000 - rnd.nextInt(500), "tokens").add();
    return end;
  }
}
