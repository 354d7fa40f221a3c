package dev.infermark.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Builds a benchmark's C reference (a floor measured beside infermark in the same run) with
 * {@code cc -O2}. Where it cannot, the benchmark reports the reason and skips that reference.
 */
public final class CBuild {
  private CBuild() {}

  /** The built program, or why there is none. */
  public record Result(Path bin, String skipped) {
    public boolean ok() {
      return bin != null;
    }
  }

  /** Compiles {@code src} into {@code bin} (its folder created). */
  public static Result compile(Path src, Path bin) throws InterruptedException {
    try {
      Files.createDirectories(bin.toAbsolutePath().getParent());
      Process cc = new ProcessBuilder("cc", "-O2", "-o", bin.toString(), src.toString()).redirectErrorStream(true).start();
      String log = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) {
        return new Result(null, "cc failed to build " + src + ": " + log.strip());
      }
    } catch (IOException e) {
      return new Result(null, "no C compiler: 'cc' cannot be started (" + e.getMessage()
          + "); install one (e.g. apt-get install gcc)");
    }
    return new Result(bin, null);
  }
}
