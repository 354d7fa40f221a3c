package dev.infermark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * This process's CPU time by group of threads, from Linux's {@code /proc/self/task/<tid>/stat}
 * (user + system, in clock ticks of 10 ms): the event loop, the virtual threads' carriers, the JIT
 * compilers and the collector are told apart by their names. Threads that ended between two reads
 * are missing from the second, so a difference is a lower bound for their group. Empty where there
 * is no {@code /proc}.
 */
final class ThreadCpu {
  private ThreadCpu() {}

  private static final long TICK_MS = 10; // USER_HZ is 100 on Linux

  static Map<String, Long> byGroup() {
    Map<String, Long> out = new TreeMap<>();
    Path tasks = Path.of("/proc/self/task");
    if (!Files.isDirectory(tasks)) {
      return out;
    }
    try (Stream<Path> s = Files.list(tasks)) {
      s.forEach(t -> {
        try {
          String stat = Files.readString(t.resolve("stat"));
          int open = stat.indexOf('(');
          int close = stat.lastIndexOf(')');
          String name = stat.substring(open + 1, close);
          String[] f = stat.substring(close + 2).split(" ");
          // after the name: state is field 3, utime 14, stime 15 (1-based over the whole line)
          long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
          out.merge(group(name), ticks * TICK_MS, Long::sum);
        } catch (IOException | RuntimeException e) {
          // the thread ended meanwhile
        }
      });
    } catch (IOException e) {
      return Map.of();
    }
    return out;
  }

  static Map<String, Long> minus(Map<String, Long> after, Map<String, Long> before) {
    Map<String, Long> d = new TreeMap<>();
    after.forEach((k, v) -> {
      long x = v - before.getOrDefault(k, 0L);
      if (x > 0) {
        d.put(k, x);
      }
    });
    return d;
  }

  private static String group(String thread) {
    if (thread.startsWith("infermark-netty")) {
      return "event_loop";
    }
    if (thread.startsWith("ForkJoinPool")) {
      return "virtual_thread_carriers";
    }
    if (thread.startsWith("C1 Compiler") || thread.startsWith("C2 Compiler")) {
      return "jit";
    }
    if (thread.startsWith("GC Thread") || thread.startsWith("G1 ")) {
      return "gc";
    }
    if (thread.startsWith("HttpClient")) {
      return "jdk_http_client";
    }
    return "other";
  }
}
