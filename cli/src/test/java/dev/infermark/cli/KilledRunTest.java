package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A sharded command-line run, one shard killed with SIGKILL ({@code kill -9}) mid-run: its journal
 * keeps every completed request as a whole line, and {@code report}, {@code compare} and {@code merge}
 * read its folder, say it ended without writing its summary, and count what it completed.
 */
class KilledRunTest {
  private static final String RUN_ID = "killed-run-1";
  private static final int LINES_BEFORE_KILL = 20;

  @TempDir
  Path dir;

  private Process shard(int index, String duration) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "profile", "--scenario", "cli-user-chat",
        "--request-count", "0", "--benchmark-duration", duration, "--shard-count", "2", "--shard-index",
        Integer.toString(index), "--run-id", RUN_ID, "--random-seed", "5", "--no-server-metrics",
        "--artifact-dir", dir.resolve("shard-" + index).toString()));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve("shard-" + index + ".log").toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_"));
    return pb.start();
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aShardKilledMidRunIsReportedComparedAndMergedAsIncomplete() throws Exception {
    Process whole = shard(0, "3s");
    Process killed = shard(1, "300s");
    try {
      Path journal = awaitJournal(dir.resolve("shard-1"), killed);
      killed.destroyForcibly(); // SIGKILL: no shutdown hook, no summary
      assertThat(killed.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(killed.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
      assertThat(whole.waitFor(180, TimeUnit.SECONDS)).as(log(0)).isTrue();
      assertThat(whole.exitValue()).as(log(0)).isZero();

      Path run = journal.getParent();
      assertThat(run.resolve(RunRecorder.JSON)).doesNotExist();
      assertThat(run.resolve(RunRecorder.START)).exists();
      List<String> lines = Files.readAllLines(journal);
      int wholeLines = 0;
      for (int i = 0; i < lines.size(); i++) {
        try {
          Json.parse(lines.get(i));
          wholeLines++;
        } catch (RuntimeException torn) {
          assertThat(i).as("only the last line may be torn").isEqualTo(lines.size() - 1);
        }
      }
      assertThat(wholeLines).isGreaterThanOrEqualTo(LINES_BEFORE_KILL);
      long profiling = lines.stream().filter(l -> l.contains("\"benchmark_phase\":\"profiling\"")).count();

      Result report = main("report", run.toString());
      assertThat(report.status()).as(report.err()).isZero();
      assertThat(report.out()).contains("WARNING " + run + ": no profile_export_aiperf.json, the run ended without "
          + "writing its summary");
      assertThat(Files.readString(run.resolve("report.html"))).contains("ended_without_summary")
          .contains("the run ended without writing its summary");

      Path other = runFolder(dir.resolve("shard-0"));
      Result compare = main("compare", other.toString(), run.toString(), "-o", dir.resolve("compare.html").toString());
      assertThat(compare.status()).as(compare.err()).isZero();
      assertThat(compare.out()).contains("WARNING " + run + ": no profile_export_aiperf.json");
      assertThat(Files.readString(dir.resolve("compare.html"))).contains("ended_without_summary");

      Result merge = main("merge", dir.resolve("shard-0").toString(), dir.resolve("shard-1").toString(), "-o",
          dir.resolve("merged").toString());
      assertThat(merge.status()).as(merge.err()).isZero();
      assertThat(merge.out()).contains("shard 1 (" + run + ") ended without writing its summary: merged the "
          + wholeLines + " request(s) it completed");
      JsonNode merged = Json.MAPPER.readTree(dir.resolve("merged").resolve(RunRecorder.JSON).toFile());
      JsonNode first = Json.MAPPER.readTree(other.resolve(RunRecorder.JSON).toFile());
      assertThat(merged.get("is_complete").asBoolean()).isFalse();
      assertThat(merged.get("incomplete_reason").asString()).isEqualTo("ended_without_summary");
      assertThat(merged.get("benchmark_id").asString()).isEqualTo(RUN_ID);
      assertThat(merged.at("/request_count/avg").asLong() + merged.at("/error_request_count/avg").asLong(0))
          .isEqualTo(first.at("/request_count/avg").asLong() + first.at("/error_request_count/avg").asLong(0) + profiling);
    } finally {
      whole.destroyForcibly();
      killed.destroyForcibly();
    }
  }

  /** The killed shard's journal once it holds enough whole lines (bounded: the shard must run). */
  private Path awaitJournal(Path artifacts, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
    while (System.nanoTime() < deadline) {
      assertThat(p.isAlive()).as(log(1)).isTrue();
      if (Files.isDirectory(artifacts)) {
        try (Stream<Path> s = Files.find(artifacts, 4, (f, a) -> f.getFileName().toString().equals(RunRecorder.JSONL))) {
          Path journal = s.findFirst().orElse(null);
          if (journal != null && Files.readString(journal).lines().count() > LINES_BEFORE_KILL) {
            return journal;
          }
        }
      }
      p.waitFor(100, TimeUnit.MILLISECONDS); // polls the file; returns early only if the shard died
    }
    throw new AssertionError("the shard wrote fewer than " + LINES_BEFORE_KILL + " lines in 150 s: " + log(1));
  }

  private static Path runFolder(Path artifacts) throws IOException {
    try (Stream<Path> s = Files.find(artifacts, 4, (f, a) -> f.getFileName().toString().equals(RunRecorder.JSON))) {
      return s.findFirst().orElseThrow().getParent();
    }
  }

  private String log(int shard) {
    try {
      return Files.readString(dir.resolve("shard-" + shard + ".log"));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private record Result(int status, String out, String err) {}

  private static Result main(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
