package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
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
    // distributions (4 CDF + 4 histograms), requests, tokens, concurrency, cache hits, lanes;
    // the server's KV-cache usage, hit rate, running and waiting
    assertThat(r.charts()).isEqualTo(16);
    assertThat(Files.size(r.screenshot())).isGreaterThan(10_000);
    String server = section(r.dom(), "server-timeline");
    assertThat(count(server, "<canvas")).isEqualTo(3);
    assertThat(server).contains(legend("KV-cache usage"), legend("client output tokens/s"), legend("GPU"),
        legend("client (cached_tokens)"), legend("running"), legend("waiting"), legend("client in flight (profiling)"),
        legend("client in flight (warmup)"), "from vllm:kv_cache_usage_perc",
        "from vllm:prefix_cache_hits ÷ vllm:prefix_cache_queries").doesNotContain("exposed none");
  }

  @Test
  void aServerWithoutSomeMetricsGetsALineForEachAndARunWithoutAnyGetsOne() throws Exception {
    Path run = agenticRun(dir.resolve("llamacpp"), 3);
    // llama.cpp without kv_cache_usage_ratio: running and waiting only
    scrapes(run, (m, k) -> m.putArray("llamacpp:requests_processing").addObject().put("value", k % 5));
    Path none = agenticRun(dir.resolve("none"), 4);
    Files.delete(none.resolve(ServerSeries.JSONL));

    BrowserCheck.Result r = BrowserCheck.check(chromium, Report.write(run), SHOTS.resolve("fixture-llamacpp.png"));
    BrowserCheck.Result n = BrowserCheck.check(chromium, Report.write(none), dir.resolve("none.png"));

    assertThat(r.problems()).isEmpty();
    assertThat(r.ok()).isTrue();
    String server = section(r.dom(), "server-timeline");
    assertThat(count(server, "<canvas")).isEqualTo(1);
    assertThat(server).contains(legend("running"), legend("client in flight (profiling)"),
        "KV-cache usage: the server exposed none (backend llamacpp).",
        "Prefix-cache hit rate: the server exposed none (backend llamacpp).",
        "Waiting requests: the server exposed none (backend llamacpp).").doesNotContain(legend("waiting"));
    assertThat(n.ok()).isTrue();
    String noServer = section(n.dom(), "server-timeline");
    assertThat(count(noServer, "<canvas")).isZero();
    assertThat(noServer).contains("The run recorded no server metrics");
  }

  @Test
  void anOpenLoopRunShowsTheLatenciesFromTheIntendedInstantBesideTheActualOnesAndTheScheduleLag() throws Exception {
    Path run = openLoopRun(dir.resolve("open-loop"));

    BrowserCheck.Result r = BrowserCheck.check(chromium, Report.write(run), SHOTS.resolve("fixture-open-loop.png"));

    assertThat(r.problems()).isEmpty();
    assertThat(r.ok()).isTrue();
    String dists = section(r.dom(), "distributions");
    // TTFT and E2E: one CDF with both lines, and a histogram; the schedule lag: CDF and histogram
    assertThat(count(dists, "<canvas")).isEqualTo(6);
    assertThat(count(dists, legend("from the intended instant"))).isEqualTo(2);
    assertThat(count(dists, legend("from the send"))).isEqualTo(2);
    assertThat(dists).contains("Schedule lag — CDF");
    String timeline = section(r.dom(), "timeline");
    assertThat(timeline).contains("End-to-end latency over time", "Schedule lag over time", legend("p99 from the intended instant"),
        legend("p99 from the send"), legend("max"));
    assertThat(r.dom()).contains("E2E from intended p50 / p99", "schedule lag p50 / p99");
  }

  /**
   * A capped open loop at 10 arrivals/s for 40 s against a server that stalls from 15 s to 20 s: the arrivals due
   * meanwhile wait for a slot and leave when it ends, so their latency from the intended instant holds the wait.
   */
  static Path openLoopRun(Path dir) {
    Random rnd = new Random(7);
    FixtureRun run = new FixtureRun();
    double[] lat = new double[400];
    double[] lag = new double[400];
    double[] effective = new double[400];
    for (int k = 0; k < 400; k++) {
      double due = k * 100 + rnd.nextInt(50);
      double start = due >= 15_000 && due < 20_000 ? 20_000 + (due - 15_000) / 50 : due + rnd.nextDouble() * 0.3;
      double ttft = 80 + rnd.nextInt(60);
      lat[k] = ttft + 400 + rnd.nextInt(200);
      lag[k] = start - due;
      effective[k] = lat[k] + lag[k];
      run.request(start, start + lat[k]).ttft(ttft).tokens(100).lateBy(lag[k]).add();
    }
    ObjectNode s = FixtureRun.summaryJson("fixture-open-loop", 110);
    summary(s, "request_latency", lat);
    summary(s, "effective_latency", effective);
    summary(s, "schedule_lag", lag);
    run.summary(s).writeTo(dir);
    return dir;
  }

  /** A distribution entry of profile_export_aiperf.json, in ms. */
  private static void summary(ObjectNode s, String tag, double[] v) {
    Stats st = Stats.of(v);
    s.putObject(tag).put("unit", "ms").put("avg", st.avg()).put("min", st.min()).put("max", st.max()).put("p50", st.p50())
        .put("p90", st.p90()).put("p99", st.p99()).put("std", st.std()).put("count", st.count());
  }

  /** The HTML of a section of the page, up to the next one. */
  static String section(String dom, String id) {
    int from = dom.indexOf("<section id=\"" + id + "\"");
    assertThat(from).as("section " + id).isNotNegative();
    int to = dom.indexOf("<section", from + 1);
    return dom.substring(from, to < 0 ? dom.length() : to);
  }

  static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  /** A uPlot legend entry's label, as the browser renders it. */
  static String legend(String label) {
    return "<div class=\"u-label\">" + label + "</div>";
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
  void aKilledRunSaysSoOnItsPageAndInAComparison() throws Exception {
    Path done = agenticRun(dir.resolve("done"), 3);
    Path killed = agenticRun(dir.resolve("killed"), 4);
    // What kill -9 leaves: no summary, the journal's last line torn mid-write.
    Files.delete(killed.resolve(RunFolder.PROFILE_JSON));
    Path journal = killed.resolve(RunFolder.PROFILE_JSONL);
    String text = Files.readString(journal);
    Files.writeString(journal, text.substring(0, text.length() - 40));

    BrowserCheck.Result page = BrowserCheck.check(chromium, Report.write(killed), SHOTS.resolve("fixture-killed.png"));
    BrowserCheck.Result both = BrowserCheck.check(chromium, Compare.write(List.of(done, killed),
        dir.resolve("compare.html")), SHOTS.resolve("fixture-compare-killed.png"));

    assertThat(page.problems()).isEmpty();
    assertThat(page.dom()).contains("Incomplete run: ended_without_summary")
        .contains("the run ended without writing its summary");
    assertThat(both.problems()).isEmpty();
    assertThat(both.dom()).contains("killed is an incomplete run (ended_without_summary)")
        .contains("no: ended_without_summary");
  }

  @Test
  void aSweepOfSixRunsIsLabelledByWhatDiffersAndEveryColumnFitsTheWindow() throws Exception {
    List<Path> runs = new java.util.ArrayList<>();
    int[] concurrency = {1, 2, 4, 8, 16, 32};
    for (int i = 0; i < concurrency.length; i++) {
      Path run = agenticRun(dir.resolve("sweep/chat-latency/20261206T15520" + i + "Z-inputTokens=1024"), 10 + i);
      settings(run, Map.of("infermark.concurrency", concurrency[i] + "", "infermark.param.inputTokens", "1024",
          "infermark.random-seed", Long.toString(1_000_000_007L * (i + 1))));
      runs.add(run);
    }
    Path html = Compare.write(runs, dir.resolve("sweep.html"));

    BrowserCheck.Result r = BrowserCheck.check(chromium, html, SHOTS.resolve("fixture-compare-sweep.png"));

    assertThat(r.problems()).as("no table is cut off at %d px", BrowserCheck.WIDTH).isEmpty();
    String runsTable = section(r.dom(), "runs");
    assertThat(runsTable).contains("<th class=\"l\">concurrency</th>").doesNotContain("random-seed")
        .doesNotContain("inputTokens</th>");
    assertThat(section(r.dom(), "deltas")).contains("concurrency=1 (baseline)", "concurrency=32");
  }

  @Test
  void aComparisonTableWiderThanTheWindowFailsTheCheck() throws Exception {
    List<Path> runs = new java.util.ArrayList<>();
    for (int i = 0; i < 24; i++) {
      Path run = agenticRun(dir.resolve("many/run-" + i), 100 + i);
      settings(run, Map.of("infermark.concurrency", Integer.toString(1000 + i)));
      runs.add(run);
    }
    BrowserCheck.Result r = BrowserCheck.check(chromium, Compare.write(runs, dir.resolve("many.html")),
        dir.resolve("many.png"));
    assertThat(String.join(" ", r.problems())).contains("table cut off: deltas needs");
  }

  /** Adds {@code input_config} entries (source: system property) to a run's profile_export_aiperf.json. */
  private static void settings(Path run, Map<String, String> values) throws Exception {
    Path json = run.resolve(RunFolder.PROFILE_JSON);
    ObjectNode s = (ObjectNode) Json.parse(Files.readString(json));
    ObjectNode cfg = s.putObject("input_config");
    values.forEach((k, v) -> cfg.putObject(k).put("value", v).put("source", k.endsWith("random-seed") ? "default"
        : "system property"));
    Files.writeString(json, Json.PRETTY.writeValueAsString(s));
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
    // the profiling window the server's statistics cover: phase marks (profiling start, end of load)
    server.putObject("derived").putObject("window").put("start_ns", FixtureRun.T0 - 200_000_000L)
        .put("end_ns", FixtureRun.T0 + 80_000_000_000L).put("source", "profiling phase marks");
    try {
      Files.writeString(dir.resolve(RunFolder.SERVER_METRICS), Json.write(server));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    // vLLM's gauges and prefix-cache counters once a second; the server restarts at scrape 40
    Random srv = new Random(seed);
    long[] cache = {0, 0};
    scrapes(dir, (m, k) -> {
      m.putArray("vllm:kv_cache_usage_perc").addObject().put("value", Math.min(0.95, 0.1 + k * 0.01 + srv.nextDouble() * 0.05));
      m.putArray("vllm:num_requests_running").addObject().put("value", 2 + srv.nextInt(7));
      m.putArray("vllm:num_requests_waiting").addObject().put("value", srv.nextInt(3));
      if (k == 40) {
        cache[0] = 0;
        cache[1] = 0;
      }
      if (k > 4) {
        int q = 4000 + srv.nextInt(4000);
        cache[1] += q;
        cache[0] += (long) (q * (0.4 + Math.min(0.5, k * 0.01)));
      }
      m.putArray("vllm:prefix_cache_hits").addObject().put("value", cache[0]);
      m.putArray("vllm:prefix_cache_queries").addObject().put("value", cache[1]);
    });
    return dir;
  }

  /** Writes server_metrics_export.jsonl: a scrape a second from 5 s before t = 0 to 85 s, metrics by {@code fill}. */
  static void scrapes(Path dir, java.util.function.ObjIntConsumer<ObjectNode> fill) {
    List<String> lines = new java.util.ArrayList<>();
    for (int k = 0; k <= 90; k++) {
      ObjectNode o = Json.object().put("endpoint_url", "http://127.0.0.1:8000/metrics")
          .put("timestamp_ns", FixtureRun.T0 + (k - 5) * 1_000_000_000L).put("endpoint_latency_ns", 2_000_000);
      fill.accept(o.putObject("metrics"), k);
      lines.add(Json.write(o));
    }
    try {
      Files.write(dir.resolve(ServerSeries.JSONL), lines);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
