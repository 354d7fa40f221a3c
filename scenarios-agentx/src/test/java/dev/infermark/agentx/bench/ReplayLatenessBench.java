package dev.infermark.agentx.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import dev.infermark.agentx.InferencexAgentxMvp;
import dev.infermark.api.Stat;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import tools.jackson.databind.node.ObjectNode;

/**
 * The AgentX dispatch-lateness benchmark (issue 6): the {@code inferencex-agentx-mvp} scenario at
 * {@code bench.lanes} lanes (default 2,600) against the embedded simulator on a synthetic corpus,
 * through the same runner the engine uses. Dispatch lateness = when a request left minus when it
 * was due. Writes {@code target/bench/replay.json}.
 *
 * <p>System properties: {@code bench.lanes} (2600), {@code bench.duration} (60s),
 * {@code bench.traces} (393: the HF corpus size), {@code bench.max-context} (32000: 7 of the 393
 * synthetic traces; 65536 keeps 50, 131072 150, 200000 all, but on a shared 2-core machine the
 * embedded simulator then completes no warmup primer for minutes, see docs/benchmarks.md),
 * {@code bench.time-scale} (simulator speed, 0.02), {@code bench.warmup-duration} (30s: an unmeasured
 * run first, in the same JVM, whose numbers go to {@code warmup_run}; 0s: none), {@code bench.out}. The bench profile's execution
 * runs it with {@code -Xmx4g -XX:+UseZGC} and passes none of these: to vary them, run this class
 * with the same JVM options (G1's pauses dominate the lateness otherwise, see docs/benchmarks.md).
 */
public final class ReplayLatenessBench {
  private ReplayLatenessBench() {}

  public static void main(String[] args) throws Exception {
    int lanes = Integer.getInteger("bench.lanes", 2600);
    String duration = System.getProperty("bench.duration", "60s");
    String warmup = System.getProperty("bench.warmup-duration", "30s");
    Path out = Path.of(System.getProperty("bench.out", "target/bench/replay.json"));
    Path traces = Path.of("target/bench/replay-traces");
    System.setProperty("infermark.input-file", traces.toString());
    System.setProperty("infermark.agentx-synthetic-traces", System.getProperty("bench.traces", "393"));
    System.setProperty("infermark.unsafe-override", "true");
    System.setProperty("infermark.concurrency", Integer.toString(lanes));
    System.setProperty("infermark.benchmark-grace-period", "10s");
    // The simulator stands in for a server sized for the load: fast steps, a large prefill budget and
    // KV cache, so that what is measured is the replay's dispatch, not a queue in the server.
    System.setProperty("infermark.max-context-length", System.getProperty("bench.max-context", "32000"));
    System.setProperty("infermark.simulator-time-scale", System.getProperty("bench.time-scale", "0.02"));
    System.setProperty("infermark.simulator-max-num-batched-tokens", "1000000");
    System.setProperty("infermark.simulator-num-kv-blocks", "2000000");
    System.setProperty("infermark.random-seed", "42");
    System.setProperty("infermark.simulator-max-num-seqs", Integer.toString(Math.max(256, 4 * lanes)));
    System.setProperty("infermark.progress-interval", "10s");

    ObjectNode r = Json.object();
    r.put("lanes", lanes);
    r.put("duration", duration);
    if (!isZero(warmup)) {
      // As JMH does: a first, unmeasured run in the same JVM compiles the streaming paths (the
      // scenario's own warmup sends one-token primers, which leave them cold); its numbers are kept.
      r.set("warmup_run", run(warmup, "target/bench/replay-warmup-artifacts"));
    }
    r.setAll(run(duration, "target/bench/replay-artifacts"));
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, Json.PRETTY.writeValueAsString(r));
    System.out.println(String.format(Locale.ROOT, "replay bench: %s", r));
  }

  private static boolean isZero(String duration) {
    return duration.isBlank() || duration.replaceAll("[^0-9.]", "").matches("0*\\.?0*");
  }

  /** One run of the scenario for {@code duration}: its wall time, dispatch lateness and load. */
  private static ObjectNode run(String duration, String artifacts) throws Exception {
    System.setProperty("infermark.benchmark-duration", duration);
    System.setProperty("infermark.artifact-dir", artifacts);
    ScenarioRunner runner = new ScenarioRunner(SettingsResolver.fromSystem(SettingsRegistry.load()), Standard.clients(),
        Standard.recordings(), System.out::println);
    long t0 = System.nanoTime();
    RunOutcome o = runner.run(ScenarioModel.of(InferencexAgentxMvp.class), RunParams.none(), new Cancellation());
    ObjectNode r = Json.object();
    r.put("duration", duration);
    r.put("wall_s", (System.nanoTime() - t0) / 1e9);
    o.result().lookup("", "dispatch_lateness", Stat.P50).ifPresent(v -> r.put("dispatch_lateness_p50_ms", v));
    o.result().lookup("", "dispatch_lateness", Stat.P99).ifPresent(v -> r.put("dispatch_lateness_p99_ms", v));
    o.result().lookup("", "max_live_trees", Stat.VALUE).ifPresent(v -> r.put("max_live_trees", v));
    o.result().lookup("", "request_count", Stat.VALUE).ifPresent(v -> r.put("requests", v));
    o.result().lookup("", "client_cpu_fraction", Stat.VALUE).ifPresent(v -> r.put("client_cpu_fraction", v));
    return r;
  }
}
