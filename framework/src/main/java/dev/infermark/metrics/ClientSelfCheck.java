package dev.infermark.metrics;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

import dev.infermark.api.Metric;
import dev.infermark.protocol.ClientStats;

/**
 * Measures, during a run, how late the client's own timestamps could be: a virtual-thread ticker
 * parks for 1 ms and records how much longer it actually slept (the same carrier threads run the
 * stream readers, so their lag is the readers' lag), plus process CPU time and the client's
 * connection waits. Warns only when the lag matters to what the run measured: when the scheduler
 * lag p99 exceeds {@value #LAG_SHARE} of the finest latency the run measured ({@link Finest}: the
 * median inter-token latency; without it the median TTFT; without that the median request
 * latency). A timestamp that late moves that metric's values by more than a tenth; 2 ms of lag
 * does not matter to a 40 ms inter-token latency, and does to a 5 ms one. A run that measured no
 * latency gets no warning: there is nothing the lag could distort.
 */
public final class ClientSelfCheck {
  /** The largest share of the finest measured latency the scheduler lag p99 may reach without a warning. */
  static final double LAG_SHARE = 0.1;

  /**
   * The finest latency a run measured, which the client's lag is weighed against.
   *
   * @param metric what it is ({@code median inter-token latency})
   * @param ms its value
   */
  public record Finest(String metric, double ms) {
    /** The median inter-token latency, else TTFT, else request latency, of {@code profiling}; null when none. */
    public static Finest of(Summary profiling) {
      if (profiling == null) {
        return null;
      }
      for (String[] m : new String[][] {{Metric.INTER_TOKEN_LATENCY.tag(), "median inter-token latency"},
          {Metric.TIME_TO_FIRST_TOKEN.tag(), "median time to first token"},
          {Metric.REQUEST_LATENCY.tag(), "median request latency"}}) {
        var stats = profiling.stats(m[0]);
        if (stats.isPresent() && stats.get().count() > 0 && stats.get().p50() > 0) {
          return new Finest(m[1], stats.get().p50());
        }
      }
      return null;
    }
  }
  private static final long TICK_NS = TimeUnit.MILLISECONDS.toNanos(1);

  private final Histogram lagNs = new Histogram(3);
  private final long startNs = System.nanoTime();
  private final long startCpuNs = processCpuNs();
  private final Thread ticker;
  private volatile boolean running = true;
  private volatile ClientStats clientStats;
  private SelfCheckResult result;

  private ClientSelfCheck() {
    ticker = Thread.ofVirtual().name("infermark-self-check").start(this::tick);
  }

  /** Starts measuring now. */
  public static ClientSelfCheck start() {
    return new ClientSelfCheck();
  }

  /** The client whose connection waits and reads to include. */
  public void attach(ClientStats stats) {
    this.clientStats = stats;
  }

  private void tick() {
    while (running) {
      long t0 = System.nanoTime();
      LockSupport.parkNanos(TICK_NS);
      long lag = System.nanoTime() - t0 - TICK_NS;
      if (!running) {
        return;
      }
      synchronized (lagNs) {
        lagNs.recordValue(Math.max(0, lag));
      }
    }
  }

  /**
   * Stops measuring (once) and returns the result, warning when the lag matters to {@code finest}
   * (null: nothing measured, no warning); later calls return the same result.
   */
  public synchronized SelfCheckResult stop(long fallbackReads, Finest finest) {
    if (result != null) {
      return result;
    }
    running = false;
    LockSupport.unpark(ticker);
    try {
      ticker.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long wallNs = System.nanoTime() - startNs;
    long cpuNs = processCpuNs();
    int cpus = Runtime.getRuntime().availableProcessors();
    Double lag50;
    Double lag99;
    Double lagMax;
    synchronized (lagNs) {
      boolean any = lagNs.getTotalCount() > 0;
      lag50 = any ? lagNs.getValueAtPercentile(50) / 1e6 : null;
      lag99 = any ? lagNs.getValueAtPercentile(99) / 1e6 : null;
      lagMax = any ? lagNs.getMaxValue() / 1e6 : null;
    }
    ClientStats cs = clientStats;
    Double pool50 = null;
    Double pool99 = null;
    Double poolMax = null;
    long reads = fallbackReads;
    if (cs != null) {
      Histogram h = cs.poolWaitNs();
      if (h.getTotalCount() > 0) {
        pool50 = h.getValueAtPercentile(50) / 1e6;
        pool99 = h.getValueAtPercentile(99) / 1e6;
        poolMax = h.getMaxValue() / 1e6;
      }
      reads = cs.reads();
    }
    Double cores = cpuNs < 0 || startCpuNs < 0 || wallNs <= 0 ? null : (double) (cpuNs - startCpuNs) / wallNs;
    Double fraction = cores == null ? null : cores / cpus;
    Double perRead = cores == null || reads == 0 ? null : (cpuNs - startCpuNs) / 1e3 / reads;
    String warning = warning(lag99, fraction, cpus, finest);
    result = new SelfCheckResult(lag50, lag99, lagMax, pool50, pool99, poolMax, cores, fraction, perRead, reads, cpus, warning);
    return result;
  }

  /** The warning line when the lag is large against the finest latency measured, else {@code null}. */
  static String warning(Double lag99Ms, Double cpuFraction, int cpus, Finest finest) {
    if (lag99Ms == null || finest == null || lag99Ms <= LAG_SHARE * finest.ms()) {
      return null;
    }
    return String.format(Locale.ROOT,
        "WARNING client self-check: timestamps may be late by up to %.2f ms (scheduler lag p99), %.0f%% of the run's %s "
            + "(%.2f ms), so latencies that short may be distorted%s. Give the load generator its own cores (or fewer "
            + "other processes), or lower the load.",
        lag99Ms, 100 * lag99Ms / finest.ms(), finest.metric(), finest.ms(),
        cpuFraction == null ? "" : String.format(Locale.ROOT, "; the process used %.0f%% of %d cores", cpuFraction * 100, cpus));
  }

  /** Ticks recorded so far. */
  long ticks() {
    synchronized (lagNs) {
      return lagNs.getTotalCount();
    }
  }

  private static long processCpuNs() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
