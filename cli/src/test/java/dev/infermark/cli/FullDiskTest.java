package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.artifact.JournalSummary;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.json.Json;

/**
 * A command-line run whose artifact folder is on a 64 KiB file system that fills during the run (a
 * tmpfs the test mounts in a user and mount namespace of its own, {@code unshare -rm}; skipped where
 * that is not allowed): the run fails with an error naming the journal, the journal holds whole
 * lines only, and nothing else in the folder is half-written.
 */
class FullDiskTest {
  private static final String SIZE = "64k";

  @TempDir
  Path dir;

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aFullDiskFailsTheRunNamingTheJournalAndLeavesOnlyWholeFiles() throws Exception {
    assumeTrue(canMountTmpfs(), "unshare -rm cannot mount a tmpfs here: the full-disk check is skipped");
    Path mount = Files.createDirectory(dir.resolve("small"));
    Path copy = Files.createDirectory(dir.resolve("copy"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // The tmpfs lives as long as the namespace: its files are copied out before it goes.
    String script = "mount -t tmpfs -o size=" + SIZE + " tmpfs \"$MOUNT\" || exit 97; \"$@\"; s=$?; "
        + "cp -a \"$MOUNT\"/. \"$COPY\"/; exit $s";
    ProcessBuilder pb = new ProcessBuilder("unshare", "-rm", "sh", "-c", script, "sh", java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "profile", "--scenario", "cli-user-chat", "--request-count", "0", "--benchmark-duration", "120s",
        "--random-seed", "5", "--no-server-metrics", "--artifact-dir", mount.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("run.log").toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_"));
    pb.environment().put("MOUNT", mount.toString());
    pb.environment().put("COPY", copy.toString());
    Process p = pb.start();
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).as("the run stops once its disk is full").isTrue();
    String log = Files.readString(dir.resolve("run.log"));

    Path run;
    try (Stream<Path> s = Files.find(copy, 4, (f, a) -> f.getFileName().toString().equals(RunRecorder.JSONL))) {
      run = s.findFirst().orElseThrow(() -> new AssertionError("no journal: " + log)).getParent();
    }
    Path journal = mount.resolve(copy.relativize(run)).resolve(RunRecorder.JSONL);
    assertThat(p.exitValue()).as(log).isNotZero().isNotEqualTo(97);
    assertThat(log).contains("aborting the run: cannot write " + journal + ": No space left on device")
        .contains("FAILED   cli-user-chat [inputTokens=48]: cannot write " + journal + ": No space left on device")
        .contains("the run failed: the same as above");

    String text = Files.readString(run.resolve(RunRecorder.JSONL));
    assertThat(text).isNotEmpty().endsWith("\n"); // cut back to its last whole line
    List<String> lines = text.lines().toList();
    lines.forEach(Json::parse);
    assertThat(JournalSummary.of(run).records()).isEqualTo(lines.size());
    Json.parse(Files.readString(run.resolve(RunRecorder.START)));
    // Nothing half-written: each other artifact is whole (written to a temporary name, then moved) or absent.
    try (Stream<Path> all = Files.walk(copy)) {
      assertThat(all.filter(Files::isRegularFile).map(f -> f.getFileName().toString()))
          .noneMatch(n -> n.endsWith(".tmp"))
          .doesNotContain(RunRecorder.JSON, RunRecorder.CSV, RunRecorder.INPUTS);
    }
  }

  private static boolean canMountTmpfs() throws InterruptedException {
    try {
      Process p = new ProcessBuilder("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
