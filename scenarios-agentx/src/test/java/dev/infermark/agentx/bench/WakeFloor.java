package dev.infermark.agentx.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import dev.infermark.json.Json;
import dev.infermark.testkit.CBuild;
import tools.jackson.databind.node.ObjectNode;

/**
 * The replay benchmark's reference: {@code src/test/c/wake_floor.c}, a C thread in its own process
 * that sleeps to instants {@link #PERIOD_US} apart and measures how late it serves each (those that
 * pass while it waits for a core included), run during the measured window. No thread of the JVM waits for a due instant better than that, so the replay's
 * dispatch lateness is read against it. Absent (with a reason) where no C compiler runs.
 */
final class WakeFloor {
  /** About the replay's departure rate at 2,600 lanes (~170 requests/s). */
  static final int PERIOD_US = 5_000;
  private final Path bin;
  private final String skipped;
  private Process running;

  private WakeFloor(Path bin, String skipped) {
    this.bin = bin;
    this.skipped = skipped;
  }

  /** Compiles the probe into {@code dir}. */
  static WakeFloor build(Path dir) throws InterruptedException {
    Path src = Path.of("src/test/c/wake_floor.c");
    if (!Files.isRegularFile(src)) {
      return new WakeFloor(null, "no " + src.toAbsolutePath() + " (run from the scenarios-agentx module)");
    }
    CBuild.Result built = CBuild.compile(src, dir.resolve("wake_floor"));
    return new WakeFloor(built.bin(), built.skipped());
  }

  /** Starts measuring for {@code seconds} (the measured window), unless it cannot or already does. */
  synchronized void start(long seconds) {
    if (bin == null || running != null) {
      return;
    }
    try {
      running = new ProcessBuilder(bin.toString(), Long.toString(seconds), Integer.toString(PERIOD_US))
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      System.out.println("wake floor not measured: " + e.getMessage());
    }
  }

  /** What it measured, or why nothing: waits for it to finish (it ends with the window it was given). */
  synchronized ObjectNode result() throws InterruptedException {
    ObjectNode r = Json.object();
    r.put("what", "a C thread in its own process sleeping to instants " + PERIOD_US / 1000
        + " ms apart during the measured window (src/test/c/wake_floor.c)");
    if (bin == null || running == null) {
      r.put("skipped", skipped != null ? skipped : "the measured window was not seen starting");
      return r;
    }
    try {
      String line = new String(running.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      running.waitFor(30, TimeUnit.SECONDS);
      r.setAll((ObjectNode) Json.MAPPER.readTree(line));
    } catch (IOException | RuntimeException e) {
      r.put("skipped", "no result from " + bin + ": " + e.getMessage());
    } finally {
      running.destroy();
      running = null;
    }
    return r;
  }
}
