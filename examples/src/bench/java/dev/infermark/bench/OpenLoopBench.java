package dev.infermark.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.testkit.WakeFloor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open loop's arrival lateness (issue 25): how long after its intended instant each request left
 * ({@code startNs - dueNs}, the record's {@code schedule_lag}), at {@code bench.rates} (1,000 and 5,000) requests per
 * second against {@code sse_floor serve} (a paced C server in its own process, {@link SseFloor}), through the runner a
 * user's run takes ({@link OpenLoopBenchScenario}: harness, pacer, client, recording into {@code profile_export.jsonl}).
 * Beside each measured window, in the same window: {@link WakeFloor}, a C thread in its own process sleeping to
 * instants one mean gap apart (1 ms, 0.2 ms), the lateness no thread on this machine can beat. Target: the open
 * loop's p99 at most {@value #TARGET_RATIO}× the floor's. Each rate is measured {@code bench.repeats} times (3),
 * alternating rates, after an unmeasured warm-up run per rate in the same JVM; writes
 * {@code target/bench/openloop.json}.
 *
 * <p>System properties: {@code bench.rates} (1000,5000), {@code bench.duration} (s, 20), {@code bench.repeats} (3),
 * {@code bench.warmup-duration} (s, 10), {@code bench.arrival} (poisson), {@code bench.tokens} (content chunks per
 * response, 4) and {@code bench.interval-ms} (between them, 10), {@code bench.transport} (netty), {@code bench.out},
 * {@code bench.floor-src}.
 */
public final class OpenLoopBench {
  /** Issue 25's target: the open loop's lateness p99 at most this many times the floor's, measured beside it. */
  static final double TARGET_RATIO = 1.2;

  private OpenLoopBench() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(System.getProperty("bench.out", "target/bench/openloop.json")).toAbsolutePath();
    Path dir = out.getParent();
    List<Integer> rates = Arrays.stream(System.getProperty("bench.rates", "1000,5000").split(",")).map(String::trim)
        .filter(s -> !s.isEmpty()).map(Integer::valueOf).toList();
    int duration = Integer.getInteger("bench.duration", 20);
    int repeats = Integer.getInteger("bench.repeats", 3);
    int warmup = Integer.getInteger("bench.warmup-duration", 10);
    int tokens = Integer.getInteger("bench.tokens", 4);
    int intervalMs = Integer.getInteger("bench.interval-ms", 10);
    ObjectNode root = Jvm.describe();
    root.put("arrival", System.getProperty("bench.arrival", "poisson"));
    root.put("duration_s", duration);
    root.put("response", tokens + " content chunks " + intervalMs + " ms apart (sse_floor spread)");
    Files.createDirectories(dir);
    Path floor = SseFloor.build(dir, root);
    if (floor != null) {
      int port = SseFloor.freePort();
      List<Process> servers = List.of(SseFloor.serve(floor, port, intervalMs, tokens, "spread"));
      try {
        URI base = URI.create("http://127.0.0.1:" + port);
        Map<Integer, ArrayNode> rounds = new HashMap<>();
        for (int rate : rates) {
          System.out.println("open loop " + rate + "/s: warm-up run of " + warmup + " s");
          run(base, rate, warmup, dir, null); // as JMH does: compile the paths first; not measured
        }
        for (int k = 0; k < repeats; k++) {
          for (int rate : rates) {
            WakeFloor wake = WakeFloor.build(dir, 1_000_000 / rate);
            ObjectNode r = run(base, rate, duration, dir, wake);
            r.set("floor", wake.result());
            ratios(r);
            System.out.println("open loop " + rate + "/s, round " + (k + 1) + ": " + r);
            rounds.computeIfAbsent(rate, x -> Json.MAPPER.createArrayNode()).add(r);
          }
        }
        ObjectNode byRate = root.putObject("rates");
        rounds.forEach((rate, rs) -> byRate.set(Integer.toString(rate), summary(rs)));
      } finally {
        SseFloor.stop(servers);
      }
    }
    root.put("system_load_average_end", Jvm.load());
    Files.writeString(out, Json.PRETTY.writeValueAsString(root));
    System.out.println("wrote " + out);
  }

  /**
   * One run of the open loop at {@code rate} for {@code seconds} through the runner a user's run takes
   * ({@link ScenarioRunner} with the standard client and recording, {@link OpenLoopBenchScenario}); the lateness is
   * read back from its {@code profile_export.jsonl} ({@code request_start_ns - credit_issued_ns}, the record's
   * {@code schedule_lag}). The floor, when given, measures during the run (no warmup phase: profiling from the start).
   */
  private static ObjectNode run(URI base, int rate, int seconds, Path dir, WakeFloor floor) throws Exception {
    Path artifacts = Files.createTempDirectory(dir, "openloop-" + rate + "-");
    Map<String, String> settings = Map.ofEntries(Map.entry("url", base.toString()),
        Map.entry("request-rate", Integer.toString(rate)), Map.entry("arrival-pattern", System.getProperty("bench.arrival",
            "poisson")), Map.entry("benchmark-duration", seconds + "s"), Map.entry("benchmark-grace-period", "10s"),
        Map.entry("model", "floor"), Map.entry("preflight", "false"), Map.entry("request-timeout", "60s"),
        Map.entry("transport", System.getProperty("bench.transport", "netty")), Map.entry("artifact-dir", artifacts.toString()),
        Map.entry("no-server-metrics", "true"), Map.entry("warmup-duration", "0s"), Map.entry("progress-interval", "10s"));
    settings.forEach((k, v) -> System.setProperty("infermark." + k, v));
    List<String> warnings = new CopyOnWriteArrayList<>();
    long[] gc0 = Jvm.gc();
    long cpu0 = Jvm.cpuNs();
    double load = Jvm.load();
    ScenarioRunner runner = new ScenarioRunner(SettingsResolver.fromSystem(SettingsRegistry.load()), Standard.clients(),
        Standard.recordings(), line -> {
          if (line.contains("WARNING")) {
            warnings.add(line);
          }
        });
    if (floor != null) {
      floor.start(seconds);
    }
    long t0 = System.nanoTime();
    RunOutcome outcome = runner.run(ScenarioModel.of(OpenLoopBenchScenario.class), RunParams.none(), new Cancellation());
    long wallNs = System.nanoTime() - t0;
    long cpu = Jvm.cpuNs() - cpu0;
    long[] gc1 = Jvm.gc();
    if (outcome.aborted().isPresent() || outcome.cancelled()) {
      throw new IllegalStateException("the open loop at " + rate + "/s did not run to its end: " + outcome.aborted());
    }
    ObjectNode r = Json.object();
    r.put("rate", rate);
    r.put("system_load_average", load);
    long[] counts = new long[2];
    double[] late = lateness(artifacts, counts);
    Jvm.deleteTree(artifacts);
    r.put("requests", counts[0]);
    r.put("failed", counts[1]);
    r.put("achieved_rate", Math.round(counts[0] * 10.0 / seconds) / 10.0);
    lateness(r, late);
    r.put("client_cpu_cores", Math.round(cpu / (double) wallNs * 100) / 100.0);
    r.put("gc_collections", gc1[0] - gc0[0]);
    r.put("gc_ms", gc1[1] - gc0[1]);
    ArrayNode w = r.putArray("self_check_warnings");
    warnings.forEach(w::add);
    return r;
  }

  /**
   * The profiling requests' lateness (ms, sorted) from the run's {@code profile_export.jsonl}; {@code counts}: the
   * requests and the failed among them.
   */
  private static double[] lateness(Path artifacts, long[] counts) throws java.io.IOException {
    Path jsonl;
    try (var files = Files.walk(artifacts)) {
      jsonl = files.filter(f -> f.getFileName().toString().equals("profile_export.jsonl")).findFirst()
          .orElseThrow(() -> new IllegalStateException("no profile_export.jsonl under " + artifacts));
    }
    double[] late = new double[1024];
    int n = 0;
    try (var lines = Files.lines(jsonl)) {
      for (String line : (Iterable<String>) lines::iterator) {
        JsonNode rec = Json.MAPPER.readTree(line);
        JsonNode m = rec.path("metadata");
        if (!m.path("benchmark_phase").asString("").equals("profiling") || !m.has("credit_issued_ns")
            || "cancelled before its due instant".equals(rec.path("error").path("message").asString(""))) {
          continue; // a request cancelled while it waited for its instant never left
        }
        if (n == late.length) {
          late = Arrays.copyOf(late, n * 2);
        }
        late[n++] = (m.get("request_start_ns").asLong() - m.get("credit_issued_ns").asLong()) / 1e6;
        counts[1] += rec.path("error").isObject() ? 1 : 0;
      }
    }
    counts[0] = n;
    double[] sorted = Arrays.copyOf(late, n);
    Arrays.sort(sorted);
    return sorted;
  }

  /** p50, p99, p99.9, max (ms) and the fraction over 2 ms of sorted lateness values, as wake_floor.c reports them. */
  private static void lateness(ObjectNode r, double[] sorted) {
    if (sorted.length == 0) {
      return;
    }
    int n = sorted.length;
    // wake_floor.c's order statistics (sorted[n * q]), so the two are read the same way
    r.put("lateness_p50_ms", round4(sorted[n / 2]));
    r.put("lateness_p99_ms", round4(sorted[(int) (n * 99L / 100)]));
    r.put("lateness_p999_ms", round4(sorted[(int) (n * 999L / 1000)]));
    r.put("lateness_max_ms", round4(sorted[n - 1]));
    r.put("over_2ms_fraction", Math.round(Arrays.stream(sorted).filter(v -> v > 2).count() * 1e5 / n) / 1e5);
    r.put("lateness_p99_numpy_ms", round4(Stats.percentile(sorted, 99)));
  }

  /** The round's lateness over the floor's, and the target's verdict. */
  private static void ratios(ObjectNode r) {
    ObjectNode f = (ObjectNode) r.get("floor");
    if (!f.has("wake_lateness_p99_ms") || !r.has("lateness_p99_ms")) {
      return;
    }
    ObjectNode q = r.putObject("over_floor");
    for (String s : List.of("p50", "p99", "p999", "max")) {
      q.put(s, round4(r.get("lateness_" + s + "_ms").asDouble() / f.get("wake_lateness_" + s + "_ms").asDouble()));
    }
    q.put("over_2ms", round4(r.get("over_2ms_fraction").asDouble()
        / Math.max(f.get("over_2ms_fraction").asDouble(), 1.0 / f.get("samples").asDouble())));
    r.put("target_met", q.get("p99").asDouble() <= TARGET_RATIO);
  }

  /** A rate's rounds, and their medians (the machine is shared: one round can be noisy). */
  private static ObjectNode summary(ArrayNode rounds) {
    ObjectNode s = Json.object();
    for (String k : List.of("lateness_p50_ms", "lateness_p99_ms", "lateness_p999_ms", "lateness_max_ms", "over_2ms_fraction")) {
      s.put("median_" + k, median(rounds, n -> n.path(k).asDouble(Double.NaN)));
      s.put("median_floor_" + k.replace("lateness", "wake_lateness"),
          median(rounds, n -> n.path("floor").path(k.replace("lateness", "wake_lateness")).asDouble(Double.NaN)));
    }
    double p99Ratio = median(rounds, n -> n.path("over_floor").path("p99").asDouble(Double.NaN));
    s.put("median_p99_over_floor", p99Ratio);
    ObjectNode t = s.putObject("target");
    t.put("p99_over_floor_at_most", TARGET_RATIO);
    t.put("met", p99Ratio <= TARGET_RATIO);
    t.put("rounds_met", (int) streamOf(rounds).filter(n -> n.path("target_met").asBoolean(false)).count());
    s.set("rounds", rounds);
    return s;
  }

  private static double median(ArrayNode rounds, java.util.function.ToDoubleFunction<JsonNode> f) {
    double[] v = streamOf(rounds).mapToDouble(f).filter(Double::isFinite).sorted().toArray();
    return v.length == 0 ? Double.NaN : round4(v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2);
  }

  private static java.util.stream.Stream<JsonNode> streamOf(ArrayNode a) {
    List<JsonNode> l = new ArrayList<>();
    a.forEach(l::add);
    return l.stream();
  }

  private static double round4(double v) {
    return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%.4g", v)) : v;
  }
}
