package dev.infermark.scaleout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import dev.infermark.metrics.Stats;
import dev.infermark.scaleout.merge.ShardFolder;
import dev.infermark.scaleout.merge.ShardMerge;
import dev.infermark.simulator.Main;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run split into three shard processes (each with {@code JOB_COMPLETION_INDEX} set, as a Kubernetes
 * Indexed Job's pods are) against one simulator, then merged: the merged run holds every shard's
 * requests once, the budgets add up to the unsharded run's, and its metrics are those of the union of
 * the shards' raw records (percentiles over all values, not averaged).
 */
class LocalShardsTest {
  private static final int SHARDS = 3;

  @TempDir
  Path dir;

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void threeShardProcessesMergeIntoTheWholeRun() throws Exception {
    Instant startAt = Instant.now().plusSeconds(8); // after every JVM has started and warmed up
    List<Path> shardDirs = new ArrayList<>();
    Process sim = new ProcessBuilder(javaBin(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "--host", "127.0.0.1", "--port", "0").redirectErrorStream(true).start();
    try {
      String url = simulatorUrl(sim);
      List<Process> procs = new ArrayList<>();
      for (int i = 0; i < SHARDS; i++) {
        Path out = dir.resolve("shard-" + i);
        shardDirs.add(out);
        ProcessBuilder pb = new ProcessBuilder(javaBin(), "-cp", System.getProperty("java.class.path"),
            "-Dinfermark.url=" + url, "-Dinfermark.model=infermark-sim", "-Dinfermark.concurrency=6",
            "-Dinfermark.warmup-request-count=3", "-Dinfermark.request-count=30", "-Dinfermark.benchmark-duration=60s",
            "-Dinfermark.random-seed=11", "-Dinfermark.no-server-metrics=true", "-Dinfermark.run-id=run-local-3",
            "-Dinfermark.shard-count=" + SHARDS, "-Dinfermark.start-at=" + startAt, "-Dinfermark.artifact-dir=" + out,
            ShardRun.class.getName(), ShardSmokeScenario.class.getName());
        pb.environment().put("JOB_COMPLETION_INDEX", Integer.toString(i));
        pb.redirectErrorStream(true).redirectOutput(dir.resolve("shard-" + i + ".log").toFile());
        procs.add(pb.start());
      }
      for (int i = 0; i < SHARDS; i++) {
        Process p = procs.get(i);
        boolean done = p.waitFor(200, TimeUnit.SECONDS);
        if (!done) {
          p.destroyForcibly();
        }
        assertThat(done && p.exitValue() == 0).as("shard %d: %s", i, Files.readString(dir.resolve("shard-" + i + ".log")))
            .isTrue();
      }
    } finally {
      sim.destroy();
      sim.waitFor(10, TimeUnit.SECONDS);
    }
    Path merged = dir.resolve("merged");
    ShardMerge.Result result = ShardMerge.merge(shardDirs, merged);
    assertThat(result.shards()).isEqualTo(SHARDS);

    // Each shard ran its users (i, i + 3), its share of the budgets, and began profiling at start-at.
    List<JsonNode> all = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      int index = i;
      ShardFolder s = ShardFolder.open(shardDirs.get(i));
      assertThat(s.shard().path("index").asInt()).isEqualTo(i);
      assertThat(s.start()).isAfterOrEqualTo(startAt);
      List<JsonNode> lines = lines(s.dir());
      assertThat(lines).allSatisfy(l -> assertThat(l.at("/metadata/lane").asInt() % SHARDS).isEqualTo(index));
      assertThat(lines.stream().filter(l -> phase(l).equals("profiling"))).hasSize(10);
      assertThat(lines.stream().filter(l -> phase(l).equals("warmup"))).hasSize(1);
      all.addAll(lines);
    }

    // The merged run: every request of every shard exactly once, the unsharded run's budgets.
    List<JsonNode> mergedLines = lines(merged);
    assertThat(ids(mergedLines)).hasSize(all.size()).isEqualTo(ids(all));
    assertThat(mergedLines.stream().filter(l -> phase(l).equals("profiling"))).hasSize(30);
    assertThat(mergedLines.stream().map(l -> l.at("/metadata/lane").asInt()).distinct().sorted().toList())
        .containsExactly(0, 1, 2, 3, 4, 5);

    // Its metrics are those of the union of raw records: exact percentiles over every shard's values.
    ObjectNode json = (ObjectNode) Json.MAPPER.readTree(merged.resolve(RunRecorder.JSON).toFile());
    for (String tag : List.of("time_to_first_token", "request_latency", "inter_token_latency", "input_sequence_length")) {
      double[] v = all.stream().filter(l -> phase(l).equals("profiling") && l.get("error").isNull())
          .map(l -> l.at("/metrics/" + tag + "/value")).filter(n -> !n.isMissingNode()).mapToDouble(JsonNode::asDouble)
          .sorted().toArray();
      // A one-token answer (the simulator may stop early) has no inter-token latency: absent, not 0.
      if (tag.equals("inter_token_latency")) {
        assertThat(v).as(tag).isNotEmpty().hasSizeLessThanOrEqualTo(30);
      } else {
        assertThat(v).as(tag).hasSize(30);
      }
      JsonNode m = json.get(tag);
      assertThat(m.get("count").asLong()).as(tag).isEqualTo(v.length);
      assertThat(m.get("min").asDouble()).as(tag).isCloseTo(v[0], within(1e-12 * v[0]));
      assertThat(m.get("max").asDouble()).as(tag).isCloseTo(v[v.length - 1], within(1e-12 * v[v.length - 1]));
      for (double q : new double[] {50, 90, 99}) {
        // computed on ns and shown in ms there, on the ms values here: equal to the last bits
        double expected = Stats.percentile(v, q);
        assertThat(m.get("p" + (int) q).asDouble()).as(tag + " p" + q).isCloseTo(expected, within(1e-12 * expected));
      }
    }
    // Inter-chunk latencies: every request's own, pooled (count and extremes exact, percentiles in the histogram).
    long chunks = all.stream().filter(l -> phase(l).equals("profiling") && l.get("error").isNull())
        .mapToLong(l -> l.at("/metrics/inter_chunk_latency/value").size()).sum();
    assertThat(json.at("/inter_chunk_latency/count").asLong()).isEqualTo(chunks);
    assertThat(json.at("/request_count/avg").asLong()).isEqualTo(30);
    assertThat(json.at("/metadata/merge/shards")).hasSize(SHARDS);
    assertThat(json.get("benchmark_id").asString()).isEqualTo("run-local-3");
    assertThat(json.get("was_cancelled").asBoolean()).isFalse();
    assertThat(Instant.parse(json.get("start_time").asString())).isAfterOrEqualTo(startAt);
  }

  private static String phase(JsonNode l) {
    return l.at("/metadata/benchmark_phase").asString();
  }

  private static Set<String> ids(List<JsonNode> lines) {
    Set<String> s = new HashSet<>();
    lines.forEach(l -> s.add(l.at("/metadata/x_request_id").asString()));
    return s;
  }

  private static List<JsonNode> lines(Path runDir) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(runDir.resolve(RunRecorder.JSONL))) {
      out.add(Json.MAPPER.readTree(l));
    }
    return out;
  }

  /** The simulator's URL from its first line ({@code ... listening on http://127.0.0.1:PORT (...)}). */
  private static String simulatorUrl(Process sim) throws IOException {
    BufferedReader out = new BufferedReader(new InputStreamReader(sim.getInputStream(), StandardCharsets.UTF_8));
    for (String line; (line = out.readLine()) != null; ) {
      Matcher m = Pattern.compile("listening on (http://\\S+)").matcher(line);
      if (m.find()) {
        Thread.ofVirtual().start(() -> out.lines().forEach(l -> { })); // keep draining its output
        return m.group(1);
      }
    }
    throw new AssertionError("the simulator exited before listening");
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java" + (File.separatorChar == '\\' ? ".exe" : "")).toString();
  }
}
