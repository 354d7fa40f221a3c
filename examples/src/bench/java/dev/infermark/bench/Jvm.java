package dev.infermark.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/** What the benchmarks read of their own JVM and process: CPU, collector, compiler, allocation, memory, files. */
final class Jvm {
  private Jvm() {}

  /** A benchmark's output, begun with the machine and JVM it ran on and the load when it started. */
  static ObjectNode describe() {
    ObjectNode root = Json.object();
    root.put("processors", Runtime.getRuntime().availableProcessors());
    root.put("java", Runtime.version().toString());
    ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(root.withArray("jvm_args")::add);
    root.put("system_load_average_start", load());
    return root;
  }

  /** Process CPU time (every thread: GC and JIT included), ns. */
  static long cpuNs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** Collections and their time (ms) so far, all collectors. */
  static long[] gc() {
    long n = 0;
    long ms = 0;
    for (var b : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, b.getCollectionCount());
      ms += Math.max(0, b.getCollectionTime());
    }
    return new long[] {n, ms};
  }

  /** Heap bytes allocated so far by every thread, or -1 where not measured. */
  static long allocatedBytes() {
    return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
        && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled() ? t.getTotalThreadAllocatedBytes() : -1;
  }

  /** The JIT compilers' time so far, ms. */
  static long jitMs() {
    var b = ManagementFactory.getCompilationMXBean();
    return b != null && b.isCompilationTimeMonitoringSupported() ? b.getTotalCompilationTime() : 0;
  }

  /** Heap in use right after a full collection: what is live. */
  static long heapAfterGc() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Resident set size (Linux {@code VmRSS}), or -1. */
  static long rssBytes() {
    try {
      for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (l.startsWith("VmRSS:")) {
          return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return -1;
  }

  /** File descriptors open now (Linux {@code /proc/self/fd}), or -1. */
  static long openFiles() {
    try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
      return s.count();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Live platform threads (virtual threads are not counted). */
  static int threads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }

  static void deleteTree(Path p) throws IOException {
    try (var s = Files.walk(p)) {
      for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }

  static double round2(double v) {
    return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : v;
  }
}
