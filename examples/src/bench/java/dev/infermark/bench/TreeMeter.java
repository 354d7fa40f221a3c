package dev.infermark.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Runs a command and measures what its whole process tree cost, as a user's run costs: the wall
 * time and the CPU of every process it started (JVM start-up, class loading, JIT, GC, a forked
 * JVM). Where this machine allows (root, cgroup v1 {@code cpuacct}), in a cgroup of its own with
 * {@code ../shared/bench/cgrun.py}; elsewhere as the child of a bash whose {@code times} reports
 * what every waited-for descendant used (daemons left behind are then not counted).
 */
final class TreeMeter {
  /** One measured command: its exit status, wall and CPU seconds, and its output (stdout and stderr). */
  record Measured(int exit, double wallS, double cpuS, String output) {}

  private final Path cgrun;

  private TreeMeter(Path cgrun) {
    this.cgrun = cgrun;
  }

  /** cgrun.py when it works here, else bash's {@code times}. */
  static TreeMeter find(Path dir) throws Exception {
    Path cgrun = SseFloor.shared("bench/cgrun.py");
    if (cgrun != null && Files.isWritable(Path.of("/sys/fs/cgroup/cpuacct"))) {
      TreeMeter m = new TreeMeter(cgrun);
      try {
        Measured probe = m.run("probe", List.of("true"), Map.of(), dir, 30);
        if (probe.exit() == 0) {
          return m;
        }
      } catch (IOException unusable) {
        // python3 missing or cgroup refused: the fallback
      }
    }
    return new TreeMeter(null);
  }

  /** How the CPU is counted, for the results. */
  String how() {
    return cgrun != null ? "cgrun.py (" + cgrun + "): a cpuacct cgroup per run"
        : "bash times: the CPU of the waited-for process tree (cgroup v1 cpuacct not writable here)";
  }

  /** Runs {@code cmd} in {@code dir} with {@code env} added; its output goes to {@code dir/NAME.log} too. */
  Measured run(String name, List<String> cmd, Map<String, String> env, Path dir, long timeoutS) throws Exception {
    List<String> argv = new ArrayList<>();
    if (cgrun != null) {
      argv.addAll(List.of("python3", cgrun.toString(), name.replaceAll("[^A-Za-z0-9_]", "_"), Long.toString(timeoutS), "--"));
    } else {
      // times in this shell, not in a $(...) subshell, which has no children
      argv.addAll(List.of("bash", "-c", "s=$(date +%s%N); \"$@\"; rc=$?; e=$(date +%s%N); t=$(mktemp); times > \"$t\"; "
          + "echo \"TREE $rc $s $e $(tail -1 \"$t\")\"; rm -f \"$t\"", "bash"));
    }
    argv.addAll(cmd);
    Files.createDirectories(dir);
    Path log = dir.resolve(name + ".log");
    ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(timeoutS + 30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(name + ": still running after " + (timeoutS + 30) + " s; see " + log);
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    // the last line may follow the command's own output on its line (Maven ends with an ANSI reset)
    String last = out.lines().map(l -> l.substring(Math.max(0, Math.max(l.indexOf("CGRUN {"), l.indexOf("TREE ")))))
        .filter(l -> l.startsWith("CGRUN {") || l.startsWith("TREE ")).reduce((a, b) -> b)
        .orElseThrow(() -> new IOException(name + ": no measurement in " + log));
    if (last.startsWith("CGRUN ")) {
      JsonNode r = Json.parse(last.substring(6));
      int exit = r.path("rc").isInt() ? r.path("rc").asInt() : 124;
      return new Measured(exit, r.path("wall_s").asDouble(), r.path("cpu_s").asDouble(), out);
    }
    String[] f = last.split("\\s+"); // TREE rc start end childUser childSys
    return new Measured(Integer.parseInt(f[1]), (Long.parseLong(f[3]) - Long.parseLong(f[2])) / 1e9,
        seconds(f[4]) + seconds(f[5]), out);
  }

  /** bash's {@code 1m2.345s}. */
  static double seconds(String t) {
    int m = t.indexOf('m');
    return Double.parseDouble(t.substring(0, m)) * 60 + Double.parseDouble(t.substring(m + 1, t.length() - 1));
  }
}
