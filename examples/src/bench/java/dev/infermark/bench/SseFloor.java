package dev.infermark.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.testkit.CBuild;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code ../shared/bench/sse_floor.c} for the benchmarks that stream against it (the client's, the open loop's):
 * found upwards from the working directory ({@code -Dbench.floor-src} names another), built with {@code cc}, and
 * started as a paced C server or as the C floor client, each in its own process.
 */
final class SseFloor {
  private SseFloor() {}

  /** Compiles sse_floor.c into {@code dir}; null (and a {@code skipped} reason in {@code root}) when it cannot. */
  static Path build(Path dir, ObjectNode root) throws Exception {
    Path src = source();
    if (src == null) {
      return skip(root, "no shared/bench/sse_floor.c found upwards from " + Path.of("").toAbsolutePath()
          + " (set -Dbench.floor-src)");
    }
    CBuild.Result built = CBuild.compile(src, dir.resolve("sse_floor"));
    if (!built.ok()) {
      return skip(root, built.skipped());
    }
    root.put("floor_source", src.toString());
    return built.bin();
  }

  private static Path skip(ObjectNode root, String why) {
    System.out.println("benchmark skipped: " + why);
    root.put("skipped", why);
    return null;
  }

  private static Path source() {
    String p = System.getProperty("bench.floor-src");
    if (p != null && !p.isBlank()) {
      return Files.isRegularFile(Path.of(p)) ? Path.of(p) : null;
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path f = d.resolve("shared/bench/sse_floor.c");
      if (Files.isRegularFile(f)) {
        return f;
      }
    }
    return null;
  }

  /** Starts sse_floor with the soft open-files limit raised to the hard one (20,000 here). */
  static Process start(Path floor, String... args) throws IOException {
    String cmd = "ulimit -n \"$(ulimit -Hn)\" 2>/dev/null; exec \"$0\" \"$@\"";
    List<String> argv = new ArrayList<>(List.of("bash", "-c", cmd, floor.toString()));
    argv.addAll(List.of(args));
    return new ProcessBuilder(argv).start();
  }

  /** Waits for {@code sse_floor serve} to listen, then drains its output. */
  static void awaitListening(Process server) throws IOException {
    BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = err.readLine()) != null) {
      if (line.contains("listening")) {
        Thread.ofVirtual().start(() -> err.lines().forEach(l -> System.out.println("sse_floor serve: " + l)));
        Thread.ofVirtual().start(() -> {
          try {
            server.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
          } catch (IOException ignored) {
            // the server is gone
          }
        });
        return;
      }
    }
    throw new IOException("sse_floor serve exited before listening (exit " + server.exitValue() + ")");
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
