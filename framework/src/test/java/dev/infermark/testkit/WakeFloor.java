package dev.infermark.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The reference of the benchmarks of departures at due instants (the AgentX replay's, the open loop's):
 * {@code wake_floor.c} (beside this class), a C thread in its own process that sleeps to instants {@code periodUs}
 * apart and measures how late it serves each (those that pass while it waits for a core included), run during the
 * measured window. No thread of the JVM waits for a due instant better than that, so a departure's lateness is read
 * against it. Absent (with a reason) where no C compiler runs.
 */
public final class WakeFloor {
  private final Path bin;
  private final String skipped;
  private final int periodUs;
  private Process running;

  private WakeFloor(Path bin, String skipped, int periodUs) {
    this.bin = bin;
    this.skipped = skipped;
    this.periodUs = periodUs;
  }

  /** Compiles the probe into {@code dir}; it will sleep to instants {@code periodUs} apart. */
  public static WakeFloor build(Path dir, int periodUs) throws InterruptedException {
    Path src = dir.resolve("wake_floor.c");
    try (InputStream in = WakeFloor.class.getResourceAsStream("wake_floor.c")) {
      if (in == null) {
        return new WakeFloor(null, "no wake_floor.c beside " + WakeFloor.class.getName() + " on the class path", periodUs);
      }
      Files.createDirectories(dir);
      Files.copy(in, src, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      return new WakeFloor(null, "cannot write " + src + ": " + e.getMessage(), periodUs);
    }
    CBuild.Result built = CBuild.compile(src, dir.resolve("wake_floor"));
    return new WakeFloor(built.bin(), built.skipped(), periodUs);
  }

  /** Starts measuring for {@code seconds} (the measured window), unless it cannot or already does. */
  public synchronized void start(long seconds) {
    if (bin == null || running != null) {
      return;
    }
    try {
      running = new ProcessBuilder(bin.toString(), Long.toString(seconds), Integer.toString(periodUs))
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    } catch (IOException e) {
      System.out.println("wake floor not measured: " + e.getMessage());
    }
  }

  /** What it measured, or why nothing: waits for it to finish (it ends with the window it was given). */
  public synchronized ObjectNode result() throws InterruptedException {
    ObjectNode r = Json.object();
    r.put("what", "a C thread in its own process sleeping to instants " + periodUs + " us apart during the measured window "
        + "(wake_floor.c, framework test jar)");
    r.put("period_us", periodUs);
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
