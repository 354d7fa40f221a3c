package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;

class MergeCommandTest {
  @TempDir
  Path dir;

  private void shard(int index, long ttftMs) {
    try (RunRecorder r = new RunRecorder(dir.resolve("shard-" + index), Settings.of(Map.of()))) {
      long start = 1_760_000_000_000_000L * 1000 + index;
      r.accept(new RequestRecord(Phase.PROFILING, "r" + index, null, -1, start, start / 1000, start,
          new long[] {start + ttftMs * 1_000_000L}, start + ttftMs * 2_000_000L, 5, 1, null, null, null, null, "stop", 200,
          null));
      var extras = Json.object();
      new Shard(index, 2, null, "run-1").stamp(extras);
      r.finishAndWrite(new RunInfo("s", "run-1", 1, Map.of(), Optional.empty(), false, Instant.EPOCH, Instant.EPOCH, extras, 0), ResultFormats.all());
    }
  }

  @Test
  void mergesTheShardsIntoOneRunFolder() throws Exception {
    shard(0, 10);
    shard(1, 30);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(new String[] {"merge", dir.resolve("shard-0").toString(), dir.resolve("shard-1").toString(),
        "-o", dir.resolve("merged").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    var json = Json.MAPPER.readTree(dir.resolve("merged").resolve(RunRecorder.JSON).toFile());
    assertThat(json.at("/time_to_first_token/count").asLong()).isEqualTo(2);
    assertThat(json.at("/time_to_first_token/p50").asDouble()).isEqualTo(20.0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("merged 2 shard(s), 2 record(s)");
  }

  @Test
  void aMissingShardIsRefused() throws Exception {
    shard(0, 10);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(new String[] {"merge", dir.resolve("shard-0").toString(), "-o", dir.resolve("m").toString()},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("shard(s) [1] of 2 missing");
    assertThat(Files.exists(dir.resolve("m").resolve(RunRecorder.JSON))).isFalse();
  }
}
