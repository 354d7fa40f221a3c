package dev.infermark.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** What the benchmarks read about this JVM and machine around a measured window. */
final class BenchJvm {
  private BenchJvm() {}

  /** Garbage collections so far and their time in ms, over all collectors. */
  static long[] gc() {
    long n = 0;
    long ms = 0;
    for (var b : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, b.getCollectionCount());
      ms += Math.max(0, b.getCollectionTime());
    }
    return new long[] {n, ms};
  }

  /** This process's CPU time so far, ns. */
  static long cpuNs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** The machine's load average (how busy it was around a measurement). */
  static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  static void deleteTree(Path p) throws IOException {
    try (var s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }
}
