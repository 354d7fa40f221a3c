package dev.infermark.scaleout.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Merging random record sets split over random shards gives what one host writes from all of them:
 * every metric (percentiles exact, inter-chunk latencies from every request's own), the errors, the
 * CSV and the raw records; also when one shard's process was killed before writing its summary (its
 * journal's last line torn): the merge takes every request it completed and says the run is incomplete.
 */
class ShardMergePropertyTest {
  private static final ErrorKind[] KINDS = {ErrorKind.SERVER_ERROR, ErrorKind.CONTEXT_OVERFLOW, ErrorKind.CANCELLED,
      ErrorKind.TIMEOUT};

  /** 40 random cases: a seed, a record count (1..300), a shard count (1..5), whether the last shard was killed. */
  static List<long[]> cases() {
    SplittableRandom r = new SplittableRandom(0x5EED);
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      int shards = 1 + r.nextInt(5);
      out.add(new long[] {r.nextLong(), 1 + r.nextInt(i < 5 ? 3 : 300), shards, shards > 1 && i % 2 == 1 ? 1 : 0});
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("cases")
  void mergedShardsEqualTheUnshardedRun(long[] c) throws IOException {
    long seed = c[0];
    int n = (int) c[1];
    int shards = (int) c[2];
    boolean killed = c[3] == 1;
    SplittableRandom rnd = new SplittableRandom(seed);
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      records.add(record(rnd, i));
    }
    // One host records them as they end.
    records.sort(Comparator.comparingLong(RequestRecord::endNs));
    Path tmp = Files.createTempDirectory("merge-prop");
    try {
      write(tmp.resolve("whole"), records, Shard.WHOLE);
      List<List<RequestRecord>> parts = new ArrayList<>();
      for (int i = 0; i < shards; i++) {
        parts.add(new ArrayList<>());
      }
      records.forEach(r -> parts.get(rnd.nextInt(shards)).add(r));
      List<Path> dirs = new ArrayList<>();
      for (int i = 0; i < shards; i++) {
        Path d = tmp.resolve("shard-" + i);
        Shard shard = shards == 1 ? Shard.WHOLE : new Shard(i, shards, null, "bench");
        if (killed && i == shards - 1) {
          kill(d, parts.get(i), shard);
        } else {
          write(d, parts.get(i), shard);
        }
        dirs.add(d);
      }
      ShardMerge.Result result = ShardMerge.merge(dirs.reversed(), tmp.resolve("merged"));
      assertThat(result.records()).isEqualTo(n);
      ObjectNode m = (ObjectNode) Json.MAPPER.readTree(tmp.resolve("merged").resolve(RunRecorder.JSON).toFile());
      if (killed) {
        assertThat(result.consoleLines()).anySatisfy(l -> assertThat(l).startsWith("shard " + (shards - 1) + " (")
            .contains("ended without writing its summary: merged the " + parts.get(shards - 1).size() + " request(s) it "
                + "completed (its torn last line skipped)"));
        assertThat(m.get("is_complete").asBoolean()).isFalse();
        assertThat(m.get("incomplete_reason").asString()).isEqualTo("ended_without_summary");
        assertThat(m.at("/metadata/failure").asString()).startsWith("shard " + (shards - 1) + ": the run ended without");
      } else {
        assertThat(m.get("is_complete").asBoolean()).isTrue();
      }

      ObjectNode whole = (ObjectNode) Json.MAPPER.readTree(tmp.resolve("whole").resolve(RunRecorder.JSON).toFile());
      ObjectNode merged = (ObjectNode) Json.MAPPER.readTree(tmp.resolve("merged").resolve(RunRecorder.JSON).toFile());
      for (var e : whole.properties()) {
        if (e.getValue().has("unit")) {
          assertThat(merged.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
      }
      assertThat(metricTags(merged)).isEqualTo(metricTags(whole));
      assertThat(set(merged.get("error_summary"))).isEqualTo(set(whole.get("error_summary")));
      assertThat(merged.get("warmup_metrics")).isEqualTo(whole.get("warmup_metrics"));
      assertThat(Files.readString(tmp.resolve("merged").resolve(RunRecorder.CSV)))
          .isEqualTo(Files.readString(tmp.resolve("whole").resolve(RunRecorder.CSV)));
      assertThat(lines(tmp.resolve("merged"))).containsExactlyInAnyOrderElementsOf(lines(tmp.resolve("whole")));
    } finally {
      try (var walk = Files.walk(tmp)) {
        walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static Set<String> metricTags(ObjectNode root) {
    Set<String> tags = new HashSet<>();
    root.properties().forEach(e -> {
      if (e.getValue().has("unit")) {
        tags.add(e.getKey());
      }
    });
    return tags;
  }

  private static Set<JsonNode> set(JsonNode array) {
    Set<JsonNode> s = new HashSet<>();
    array.forEach(s::add);
    return s;
  }

  /** The raw records, without request_num (a merged run numbers them anew). */
  private static List<JsonNode> lines(Path dir) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(dir.resolve(RunRecorder.JSONL))) {
      ObjectNode o = (ObjectNode) Json.MAPPER.readTree(l);
      ((ObjectNode) o.get("metadata")).remove("request_num");
      out.add(o);
    }
    return out;
  }

  private static void write(Path dir, List<RequestRecord> records, Shard shard) {
    try (RunRecorder r = new RunRecorder(dir, Settings.of(Map.of()))) {
      records.forEach(r::accept);
      ObjectNode extras = Json.object();
      shard.stamp(extras);
      r.finishAndWrite(new RunInfo("prop", "bench", 7, Map.of(), Optional.empty(), false, Instant.EPOCH, Instant.EPOCH, extras, 0), ResultFormats.all());
    }
  }

  /** A shard whose process was killed: its start and journal, its last line torn, no summary. */
  @SuppressWarnings("resource") // the process is gone: nothing closes it
  private static void kill(Path dir, List<RequestRecord> records, Shard shard) throws IOException {
    RunRecorder r = new RunRecorder(dir, Settings.of(Map.of()));
    ObjectNode extras = Json.object();
    shard.stamp(extras);
    r.started(new RunInfo("prop", "bench", 7, Map.of(), Optional.empty(), false, Instant.EPOCH, null, extras, 0));
    records.forEach(r::accept);
    Files.writeString(dir.resolve(RunRecorder.JSONL), "{\"metadata\":{\"request_num\":", java.nio.file.StandardOpenOption.APPEND);
  }

  /** A random record; its monotonic times are its wall-clock ns (so one host's durations are the merge's). */
  private static RequestRecord record(SplittableRandom rnd, int i) {
    long startMicros = 1_760_000_000_000_000L + rnd.nextLong(60_000_000);
    long start = startMicros * 1000;
    Phase phase = rnd.nextInt(10) == 0 ? Phase.WARMUP : Phase.PROFILING;
    int chunks = rnd.nextInt(4) == 0 ? rnd.nextInt(2) : rnd.nextInt(40);
    long[] c = new long[chunks];
    long t = start + 1 + rnd.nextLong(900_000_000);
    for (int k = 0; k < chunks; k++) {
      c[k] = t;
      t += rnd.nextLong(80_000_000);
    }
    long end = t + rnd.nextLong(5_000_000) + i; // distinct ends: one order of completion
    RequestError error = null;
    if (rnd.nextInt(8) == 0) {
      ErrorKind kind = KINDS[rnd.nextInt(KINDS.length)];
      error = new RequestError(kind, kind == ErrorKind.CANCELLED ? 0 : 400 + rnd.nextInt(2) * 100,
          "Error" + rnd.nextInt(2), "msg " + rnd.nextInt(3), null);
    }
    Integer out = rnd.nextInt(10) == 0 ? null : chunks + rnd.nextInt(3);
    Integer reasoning = rnd.nextInt(5) == 0 ? rnd.nextInt(50) : null;
    Integer cached = rnd.nextBoolean() ? rnd.nextInt(1000) : null;
    RequestTags tags = rnd.nextInt(10) == 0 ? null : new RequestTags("conv-" + rnd.nextInt(20), "corr-" + i, rnd.nextInt(5),
        "root-" + i, rnd.nextBoolean() ? null : "parent-" + i, rnd.nextInt(6) - 1, rnd.nextInt(3),
        rnd.nextBoolean() ? Map.of() : Map.of("cache_bust_marker", "[rid:" + i + "]", "phase_name", "agentic.profiling"));
    long due = rnd.nextBoolean() ? -1 : start - rnd.nextLong(1_000_000);
    return new RequestRecord(phase, "req-" + i, tags, due, start, startMicros, start + rnd.nextLong(1_000_000), c, end,
        rnd.nextInt(10) == 0 ? null : rnd.nextInt(100_000), out, reasoning, cached, null, null,
        rnd.nextBoolean() ? "length" : null, error == null ? 200 : error.code(), error);
  }
}
