package dev.infermark.run;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows a run's {@link Progress} while it runs: the phase, elapsed and expected time with an ETA,
 * requests/s, in flight, errors and the running median TTFT. On an interactive terminal it is a
 * progress bar (me.tongfei:progressbar, on standard error, redrawn each second); elsewhere (Maven,
 * CI, IDE consoles, files) one line every {@code progress-interval}. It reads counters only: the
 * requests' hot path does no formatting and no tokenising for it.
 */
public final class ProgressDisplay implements AutoCloseable {
  private final String name;
  private final Progress progress;
  private final Consumer<String> lines;
  private final ProgressBarConsumer barOutput;
  private final Thread thread;
  private long lastNs;
  private long lastReturned;
  private double rate = Double.NaN;
  private ProgressBar bar;
  private Progress.Phase barPhase;

  private ProgressDisplay(String name, Progress progress, Consumer<String> lines, ProgressBarConsumer barOutput,
      Duration interval) {
    this.name = name;
    this.progress = progress;
    this.lines = lines;
    this.barOutput = barOutput;
    this.lastNs = System.nanoTime();
    long ms = barOutput != null ? 1_000 : Math.max(500, interval.toMillis());
    this.thread = Thread.ofPlatform().daemon().name("infermark-progress").unstarted(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Thread.sleep(ms);
          tick(System.nanoTime());
        }
      } catch (InterruptedException done) {
        // the run finished
      }
    });
  }

  /**
   * Starts showing {@code progress} as {@code uiType} ({@code infermark.ui-type}) asks: for
   * {@code auto}, {@code dashboard} and {@code simple}, a bar when standard output is an interactive
   * terminal, else lines to {@code out} every {@code interval} (at least 0.5 s); for {@code none},
   * nothing.
   */
  public static ProgressDisplay start(String name, Progress progress, Duration interval, String uiType,
      Consumer<String> out) {
    ProgressDisplay d = new ProgressDisplay(name, progress, out,
        interactive() ? new ConsoleProgressBarConsumer(System.err) : null, interval);
    if (!shows(uiType)) {
      return d; // never started: close() has nothing to stop
    }
    d.thread.start();
    return d;
  }

  /** Whether {@code infermark.ui-type} asks for live progress at all ({@code none} does not). */
  static boolean shows(String uiType) {
    return !"none".equals(uiType);
  }

  /** A display that is driven by {@link #tick} alone (tests): lines, or a bar into {@code barOutput}. */
  static ProgressDisplay manual(String name, Progress progress, Consumer<String> lines, ProgressBarConsumer barOutput) {
    return new ProgressDisplay(name, progress, lines, barOutput, Duration.ofSeconds(10));
  }

  /** Whether standard output is a terminal a person watches (JDK 22+ tells; before, a console exists only then). */
  static boolean interactive() {
    java.io.Console c = System.console();
    if (c == null || System.getenv("CI") != null) {
      return false;
    }
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
    } catch (ReflectiveOperationException jdk21) {
      return true;
    }
  }

  /** One update at {@code nowNs}: the rate since the last, then a line or the bar. */
  synchronized void tick(long nowNs) {
    long returned = progress.returned();
    double seconds = (nowNs - lastNs) / 1e9;
    if (seconds > 0) {
      rate = (returned - lastReturned) / seconds;
      lastNs = nowNs;
      lastReturned = returned;
    }
    Progress.Phase p = progress.phase();
    if (barOutput == null) {
      lines.accept("infermark: " + name + " " + line(p, nowNs));
    } else {
      drawBar(p, nowNs);
    }
  }

  /** {@code [profiling] 01:30/05:00 ETA 03:30  12.5 req/s  in flight 20  errors 0  p50 TTFT 41 ms  sent 1200}. */
  String line(Progress.Phase p, long nowNs) {
    long elapsed = Duration.ofNanos(nowNs - p.startNs()).toSeconds();
    String time = Progress.clock(elapsed) + (p.total() == null ? ""
        : "/" + Progress.clock(p.total().toSeconds()) + " ETA " + Progress.clock(Math.max(0, p.total().toSeconds() - elapsed)));
    String doing = progress.doing();
    return "[" + p.name() + "] " + time + (doing.isEmpty() ? "" : "  " + doing) + "  " + stats();
  }

  private String stats() {
    double p50 = progress.ttftP50Ms();
    return (Double.isNaN(rate) ? "" : String.format(Locale.ROOT, "%.1f req/s  ", rate)) + "in flight " + progress.inFlight()
        + "  errors " + progress.errors() + (Double.isNaN(p50) ? "" : String.format(Locale.ROOT, "  p50 TTFT %.0f ms", p50))
        + "  sent " + progress.sent();
  }

  private void drawBar(Progress.Phase p, long nowNs) {
    if (bar == null || !p.equals(barPhase)) {
      if (bar != null) {
        bar.close();
      }
      barPhase = p;
      bar = new ProgressBarBuilder().setTaskName(name + " [" + p.name() + "]")
          .setInitialMax(p.total() == null ? -1 : p.total().toSeconds()).setUnit(" s", 1)
          .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(1_000).setConsumer(barOutput)
          .build();
    }
    long elapsed = Duration.ofNanos(nowNs - p.startNs()).toSeconds();
    bar.stepTo(p.total() == null ? elapsed : Math.min(elapsed, p.total().toSeconds()));
    String doing = progress.doing();
    bar.setExtraMessage((doing.isEmpty() ? "" : doing + "  ") + stats());
  }

  /** Whether it updates on its own thread (not for {@code ui-type=none}, nor a manual display). */
  boolean running() {
    return thread.isAlive();
  }

  /** Stops updating (a bar stays drawn at its last state). */
  @Override
  public synchronized void close() {
    thread.interrupt();
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
