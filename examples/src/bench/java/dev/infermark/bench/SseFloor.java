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
import java.util.concurrent.TimeUnit;

import dev.infermark.json.Json;
import dev.infermark.testkit.CBuild;
import tools.jackson.databind.node.ObjectNode;

/**
 * The C reference of the client benchmarks, {@code ../shared/bench/sse_floor.c}, built with {@code cc}:
 * {@code sse_floor serve} (a paced OpenAI-compatible streaming server in its own process, each chunk
 * carrying its {@code sent_ns}) and {@code sse_floor client} (one epoll thread, one clock read per
 * {@code read(2)}: the floor a client's CPU and timestamps are measured against, in the same run).
 */
final class SseFloor {
  private SseFloor() {}

  /**
   * Compiles sse_floor.c (property {@code bench.floor-src}, else the first {@code shared/bench/sse_floor.c}
   * upwards from the working directory) into {@code dir}; {@code null}, and a {@code skipped} reason in
   * {@code root}, when it cannot.
   */
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

  /** {@code sse_floor serve PORT INTERVAL_MS TOKENS MODE}, listening once this returns. */
  static Process serve(Path bin, int port, int intervalMs, int tokens, String mode) throws IOException {
    Process server = start(bin, "serve", Integer.toString(port), Integer.toString(intervalMs), Integer.toString(tokens),
        mode);
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
        return server;
      }
    }
    throw new IOException("sse_floor serve exited before listening (exit " + server.exitValue() + ")");
  }

  /** Stops servers started by {@link #serve}. */
  static void stop(List<Process> servers) throws InterruptedException {
    for (Process p : servers) {
      p.destroy();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** {@code sse_floor client PORT STREAMS}: its one JSON line. */
  static ObjectNode client(Path bin, int port, int streams) throws Exception {
    Process p = start(bin, "client", Integer.toString(port), Integer.toString(streams));
    Thread errs = Thread.ofVirtual().start(() -> new BufferedReader(new InputStreamReader(p.getErrorStream(),
        StandardCharsets.UTF_8)).lines().forEach(l -> System.out.println("sse_floor client: " + l)));
    String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || json.isEmpty()) {
      p.destroyForcibly();
      throw new IOException("sse_floor client failed (exit " + (p.isAlive() ? "none" : p.exitValue()) + "): " + json);
    }
    errs.join(1000);
    return (ObjectNode) Json.parse(json.lines().reduce((a, b) -> b).orElseThrow());
  }

  /** Starts sse_floor with the soft open-files limit raised to the hard one (20,000 here). */
  private static Process start(Path bin, String... args) throws IOException {
    String cmd = "ulimit -n \"$(ulimit -Hn)\" 2>/dev/null; exec \"$0\" \"$@\"";
    List<String> argv = new ArrayList<>(List.of("bash", "-c", cmd, bin.toString()));
    argv.addAll(List.of(args));
    return new ProcessBuilder(argv).start();
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
