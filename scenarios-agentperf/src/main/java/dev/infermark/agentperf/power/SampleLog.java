package dev.infermark.agentperf.power;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Polls a power reader on a virtual thread and keeps every reading. A failed reading is skipped
 * (the first failure is logged, later ones counted), so a flaky source thins the samples but never
 * invents a number.
 */
final class SampleLog implements AutoCloseable {
  private final Callable<Map<String, Double>> reader;
  private final long intervalNanos;
  private final Consumer<String> log;
  private final List<PowerSample> samples = new ArrayList<>();
  private volatile Thread thread;
  private volatile String lastError;
  private int failures;

  SampleLog(Callable<Map<String, Double>> reader, long intervalNanos, Consumer<String> log) {
    this.reader = reader;
    this.intervalNanos = intervalNanos;
    this.log = log;
  }

  void start(String name) {
    if (thread != null) {
      return;
    }
    thread = Thread.ofVirtual().name("power-" + name).start(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        sampleOnce();
        try {
          java.util.concurrent.TimeUnit.NANOSECONDS.sleep(intervalNanos);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
  }

  /** Takes one reading now (also what the polling thread does). */
  void sampleOnce() {
    try {
      Map<String, Double> w = reader.call();
      long now = System.nanoTime();
      if (!w.isEmpty()) {
        synchronized (samples) {
          samples.add(new PowerSample(now, w));
        }
      }
    } catch (Exception e) {
      String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      synchronized (samples) {
        if (failures++ == 0) {
          log.accept("power: reading failed (further failures are counted, not logged): " + m);
        }
      }
      lastError = m;
    }
  }

  List<PowerSample> between(long fromNs, long toNs) {
    synchronized (samples) {
      return samples.stream().filter(s -> s.nanos() >= fromNs && s.nanos() <= toNs).toList();
    }
  }

  List<PowerSample> all() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }

  int failures() {
    synchronized (samples) {
      return failures;
    }
  }

  String lastError() {
    return lastError;
  }

  @Override
  public void close() {
    Thread t = thread;
    if (t != null) {
      t.interrupt();
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
