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
 * The benchmarks' C reference for streaming clients, {@code ../shared/bench/sse_floor.c}: built with
 * {@code cc}, its paced server started on a free port, its epoll client run for one JSON line.
 */
final class SseFloor {
  private SseFloor() {}

  /** {@code shared/RELATIVE} found upwards from the working directory; null when there is none. */
  static Path shared(String relative) {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path f = d.resolve("shared").resolve(relative);
      if (Files.exists(f)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Compiles sse_floor.c ({@code -Dbench.floor-src}, else found with {@link #shared}); null, with a
   * {@code skipped} reason in {@code root}, when it cannot.
   */
  static Path build(Path dir, ObjectNode root, String bench) throws Exception {
    String p = System.getProperty("bench.floor-src");
    Path src = p != null && !p.isBlank() ? (Files.isRegularFile(Path.of(p)) ? Path.of(p) : null) : shared("bench/sse_floor.c");
    if (src == null) {
      return skip(root, bench, "no shared/bench/sse_floor.c found upwards from " + Path.of("").toAbsolutePath()
          + " (set -Dbench.floor-src)");
    }
    CBuild.Result built = CBuild.compile(src, dir.resolve("sse_floor"));
    if (!built.ok()) {
      return skip(root, bench, built.skipped());
    }
    root.put("floor_source", src.toString());
    return built.bin();
  }

  private static Path skip(ObjectNode root, String bench, String why) {
    System.out.println(bench + " benchmark skipped: " + why);
    root.put("skipped", why);
    return null;
  }

  /** {@code sse_floor serve PORT INTERVAL_MS TOKENS MODE}, listening when this returns. */
  static Process serve(Path floor, int port, int intervalMs, int tokens, String mode) throws IOException {
    Process p = start(floor, "serve", Integer.toString(port), Integer.toString(intervalMs), Integer.toString(tokens), mode);
    awaitListening(p);
    return p;
  }

  static void stop(Process server) throws InterruptedException {
    server.destroy();
    server.waitFor(10, TimeUnit.SECONDS);
  }

  /** Starts sse_floor with the soft open-files limit raised to the hard one (20,000 here). */
  static Process start(Path floor, String... args) throws IOException {
    return new ProcessBuilder(withOpenFiles(floor.toString(), args)).start();
  }

  /** {@code bash -c} running {@code program args} with the soft open-files limit raised to the hard one. */
  static List<String> withOpenFiles(String program, String... args) {
    String cmd = "ulimit -n \"$(ulimit -Hn)\" 2>/dev/null; exec \"$0\" \"$@\"";
    List<String> argv = new ArrayList<>(List.of("bash", "-c", cmd, program));
    argv.addAll(List.of(args));
    return argv;
  }

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

  /** {@code sse_floor client PORT STREAMS}: its JSON line. */
  static ObjectNode client(Path floor, int port, int streams) throws Exception {
    Process p = start(floor, "client", Integer.toString(port), Integer.toString(streams));
    Thread errs = Thread.ofVirtual().start(() -> new BufferedReader(new InputStreamReader(p.getErrorStream(),
        StandardCharsets.UTF_8)).lines().forEach(l -> System.out.println("sse_floor client: " + l)));
    String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || json.isEmpty()) {
      p.destroyForcibly();
      throw new IOException("sse_floor client failed (exit " + (p.isAlive() ? "none" : p.exitValue()) + "): " + json);
    }
    errs.join(1000);
    return (ObjectNode) Json.parse(lastLine(json));
  }

  /** The last line of a command's output (its JSON line). */
  static String lastLine(String text) {
    return text.lines().reduce((a, b) -> b).orElse("");
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
